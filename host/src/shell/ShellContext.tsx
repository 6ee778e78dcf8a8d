import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  MOBILE_BREAKPOINT_PX,
  PRE_VIEW_STORAGE_KEY,
  SIDEBAR_COOKIE,
  addVisitedView,
  closeAllVisitedViews,
  closeOtherVisitedViews,
  closeVisitedView,
  pathKey,
  readCookie,
  type CloseResult,
  type VisitedView,
} from '@bastion/sdk';

/** Below 992 px of body width the mobile layout applies (docs/shell.md#sidebar, docs/limits.md). */
export function isMobileWidth(): boolean {
  if (typeof document === 'undefined' || !document.body) return false;
  const width = document.body.getBoundingClientRect().width || window.innerWidth;
  return width > 0 && width - 1 < MOBILE_BREAKPOINT_PX;
}

function useMobile(): boolean {
  const [mobile, setMobile] = useState(isMobileWidth);
  useEffect(() => {
    const onResize = () => setMobile(isMobileWidth());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return mobile;
}

function readSidebarCookie(): boolean {
  return readCookie(typeof document === 'undefined' ? '' : document.cookie, SIDEBAR_COOKIE) !== '0';
}

function writeSidebarCookie(open: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE}=${open ? 1 : 0}; path=/; SameSite=Lax`;
}

export interface ShellApi {
  views: VisitedView[];
  generations: Readonly<Record<string, number>>;
  mobile: boolean;
  /** Desktop: expanded (220 px) or collapsed (54 px). Mobile: the sidebar drawer is open. */
  sidebarOpen: boolean;
  toggleSidebar(): void;
  closeMobileSidebar(): void;
  addView(view: Omit<VisitedView, 'path'>): void;
  closeView(path: string, activePath: string): void;
  closeOthers(path: string, activePath: string): void;
  closeAll(activePath: string): void;
  /** Remount the page of `path` and show it (context menu "Refresh", /redirect/<path>). */
  refresh(path: string, fullPath?: string): void;
  /** Reset app state: tabs, cached pages, the preferred view (view denial, view switch, logout). */
  reset(options?: { keepPreView?: boolean }): void;
}

const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const api = useContext(ShellContext);
  if (!api) throw new Error('useShell outside the shell');
  return api;
}

export function ShellProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const mobile = useMobile();
  const [views, setViews] = useState<VisitedView[]>([]);
  const [generations, setGenerations] = useState<Record<string, number>>({});
  const [desktopOpen, setDesktopOpen] = useState(readSidebarCookie);
  const [mobileOpen, setMobileOpen] = useState(false);

  // Leaving the mobile layout closes its drawer (state adjusted while rendering, not in an effect).
  const [wasMobile, setWasMobile] = useState(mobile);
  if (wasMobile !== mobile) {
    setWasMobile(mobile);
    if (!mobile) setMobileOpen(false);
  }

  const api = useMemo<ShellApi>(() => {
    const apply = (result: CloseResult): void => {
      setViews(result.views);
      if (result.navigateTo) navigate(result.navigateTo);
    };
    return {
      views,
      generations,
      mobile,
      sidebarOpen: mobile ? mobileOpen : desktopOpen,
      toggleSidebar: () => {
        if (mobile) setMobileOpen((v) => !v);
        else
          setDesktopOpen((v) => {
            writeSidebarCookie(!v);
            return !v;
          });
      },
      closeMobileSidebar: () => setMobileOpen(false),
      addView: (view) => setViews((current) => addVisitedView(current, view)),
      closeView: (path, active) => apply(closeVisitedView(views, path, active)),
      closeOthers: (path, active) => apply(closeOtherVisitedViews(views, path, active)),
      closeAll: (active) => apply(closeAllVisitedViews(views, active)),
      refresh: (path, fullPath) => {
        const key = pathKey(path);
        setGenerations((g) => ({ ...g, [key]: (g[key] ?? 0) + 1 }));
        navigate(fullPath ?? path, { replace: true });
      },
      reset: (options) => {
        setViews([]);
        setGenerations({});
        if (!options?.keepPreView) {
          try {
            window.localStorage.removeItem(PRE_VIEW_STORAGE_KEY);
          } catch {
            // storage unavailable: nothing to reset
          }
        }
      },
    };
  }, [views, generations, mobile, mobileOpen, desktopOpen, navigate]);
  return <ShellContext.Provider value={api}>{children}</ShellContext.Provider>;
}
