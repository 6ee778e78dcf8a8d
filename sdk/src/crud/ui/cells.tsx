import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import type { FieldMeta } from '../metadata';
import { formatDate } from '../../rules/formats';
import { normalizeLanguage } from '../../rules/language';

/** Copying a secret is throttled to once per 1,800 ms (docs/limits.md). */
export const COPY_THROTTLE_MS = 1800;

const SERVER_DATETIME =
  /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?\s*([+-]\d{2}:?\d{2}|Z)?$/;

/** Parse the server's `YYYY/MM/DD HH:MM:SS +ZZZZ` (and ISO) into a Date; null when it is not one. */
export function parseServerDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const m = SERVER_DATETIME.exec(value.trim());
  if (m) {
    const zone = m[7] ? (m[7] === 'Z' ? 'Z' : m[7].replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2')) : '';
    const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Medium 24-hour date-time in the user's language (docs/shell.md#languages-and-dates); text that is no date
 * is shown as it is.
 */
export function formatDateTime(value: unknown, language: string): string {
  const d = parseServerDate(value);
  if (!d) return value === null || value === undefined ? '' : String(value);
  return formatDate(d, normalizeLanguage(language) ?? 'en', 'medium');
}

export function BooleanCell({ value, yes, no }: { value: unknown; yes: string; no: string }) {
  const on = value === true || value === 'true' || value === 1;
  return (
    <i
      className={on ? 'pi pi-check text-green-600' : 'pi pi-times text-red-600'}
      title={on ? yes : no}
      aria-label={on ? yes : no}
      data-value={on ? 'true' : 'false'}
    />
  );
}

/** A masked secret with view and copy buttons. */
export function SecretCell({
  value,
  labels,
}: {
  value: unknown;
  labels: { show: string; hide: string; copy: string };
}) {
  const [shown, setShown] = useState(false);
  const lastCopy = useRef(0);
  const text = value === null || value === undefined ? '' : String(value);
  if (!text) return null;
  const copy = (): void => {
    const now = Date.now();
    if (now - lastCopy.current < COPY_THROTTLE_MS) return;
    lastCopy.current = now;
    void navigator.clipboard?.writeText(text).catch(() => undefined);
  };
  return (
    <span className="inline-flex align-items-center gap-1">
      <span className="font-monospace">{shown ? text : '******'}</span>
      <Button
        type="button"
        text
        rounded
        size="small"
        icon={shown ? 'pi pi-eye-slash' : 'pi pi-eye'}
        aria-label={shown ? labels.hide : labels.show}
        onClick={() => setShown((s) => !s)}
      />
      <Button
        type="button"
        text
        rounded
        size="small"
        icon="pi pi-copy"
        aria-label={labels.copy}
        onClick={copy}
      />
    </span>
  );
}

/**
 * A list value as chips (protocols, node paths, labels): one rounded tag per item, wrapping, never raw JSON.
 * Empty lists render nothing.
 */
export function ChipList({ values }: { values: readonly string[] }) {
  if (!values.length) return null;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="chips">
      {values.map((v, i) => (
        <Tag
          key={`${i}:${v}`}
          value={v}
          severity="secondary"
          className="white-space-nowrap"
          data-testid="chip"
        />
      ))}
    </span>
  );
}

/** Choice value → display text, for cells without a `_display` sibling. */
export function choiceText(meta: FieldMeta | undefined, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => choiceText(meta, v)).join(', ');
  if (value && typeof value === 'object' && 'label' in value)
    return String((value as { label: unknown }).label);
  const found = meta?.choices?.find((c) => String(c.value) === String(value));
  return found ? found.display_name : value === null || value === undefined ? '' : String(value);
}
