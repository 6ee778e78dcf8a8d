import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useOrg, useProfile, useService, useT, type TranslateFn } from '../../react/hooks';
import { Http, I18n, Permission } from '../../tokens';
import type { HttpClient } from '../../services/http';
import { useCrudT } from '../i18n';
import { isRootOrg } from '../rights';

export interface Kit {
  http: HttpClient;
  /** Kit strings (`crud` namespace). */
  t: TranslateFn;
  /** The page's plugin namespace: config labels and titles are its keys (text without a key shows as is). */
  pt: (key: string | undefined) => string;
  can: (code: string) => boolean;
  rootOrg: boolean;
  language: string;
}

export function useKit(): Kit {
  const http = useService(Http);
  const permission = useService(Permission);
  const language = useService(I18n).language;
  useProfile();
  const org = useOrg();
  const t = useCrudT();
  const plugin = useT();
  const pt = useCallback(
    (key: string | undefined) => (key ? plugin(key, { defaultValue: key }) : ''),
    [plugin],
  );
  const can = useCallback((code: string) => permission.can(code), [permission]);
  return { http, t, pt, can, rootOrg: isRootOrg(org?.id), language };
}

/** A message handed from one page to the next through the router state (e.g. "saved" after a form). */
export interface Flash {
  severity: 'success' | 'info' | 'warn' | 'error';
  text: string;
  link?: { label: string; to: string };
}

interface ShownFlash extends Flash {
  id: number;
}

let flashIds = 0;

/**
 * A page-local toast (theme's p-toast classes, no extra module) plus a `flash` to carry one across
 * navigation. Messages go after 5 s or when closed.
 */
export function useToast(): { toast: ReactNode; show: (flash: Flash) => void } {
  const [shown, setShown] = useState<ShownFlash[]>([]);
  const navigate = useNavigate();
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => clearTimeout(t)), []);
  const hide = useCallback((id: number) => setShown((list) => list.filter((f) => f.id !== id)), []);
  const show = useCallback(
    (flash: Flash) => {
      flashIds += 1;
      const id = flashIds;
      setShown((list) => [...list, { ...flash, id }]);
      timers.current.push(window.setTimeout(() => hide(id), 5000));
    },
    [hide],
  );
  const icon = {
    success: 'pi-check',
    info: 'pi-info-circle',
    warn: 'pi-exclamation-triangle',
    error: 'pi-times-circle',
  };
  const toast = shown.length ? (
    <div
      className="p-toast p-component p-toast-top-right"
      style={{ position: 'fixed', top: '20px', right: '20px', zIndex: 1300 }}
    >
      {shown.map((f) => (
        <div key={f.id} className={`p-toast-message p-toast-message-${f.severity}`} role="alert">
          <div className="p-toast-message-content flex gap-2 align-items-start" data-testid="crud-message">
            <i className={`pi ${icon[f.severity]} text-xl`} />
            <div className="flex-1 flex flex-column gap-1">
              <span>{f.text}</span>
              {f.link ? (
                <a
                  href={`/ui${f.link.to}`}
                  className="font-semibold"
                  onClick={(e) => {
                    e.preventDefault();
                    navigate(f.link!.to);
                  }}
                >
                  {f.link.label}
                </a>
              ) : null}
            </div>
            <button
              type="button"
              className="p-toast-icon-close p-link"
              aria-label="close"
              onClick={() => hide(f.id)}
            >
              <i className="pi pi-times" />
            </button>
          </div>
        </div>
      ))}
    </div>
  ) : null;
  return { toast, show };
}

/** Read (once) a flash passed in the router state. */
export function useIncomingFlash(): Flash | null {
  const location = useLocation();
  const state = location.state as { flash?: Flash } | null;
  return state?.flash ?? null;
}

/** Fire a browser download of a URL (the server answers with an attachment). */
export function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
