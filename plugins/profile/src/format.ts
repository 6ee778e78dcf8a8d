/** Display helpers for profile values; pure so they are easy to test. */

type Labelled = { value?: unknown; label?: unknown } | string | null | undefined;

/** Choice fields arrive either as plain values or as {value, label}; prefer the label. */
export function choiceLabel(value: unknown, display?: unknown): string {
  if (typeof display === 'string' && display) return display;
  const v = value as Labelled;
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && typeof v.label === 'string') return v.label;
  return '';
}

export function roleNames(roles: unknown, display?: unknown): string {
  if (typeof display === 'string' && display) return display;
  if (!Array.isArray(roles)) return '';
  return roles
    .map((r: unknown) => {
      if (typeof r === 'string') return r;
      if (r && typeof r === 'object') {
        const o = r as { display_name?: unknown; name?: unknown };
        return typeof o.display_name === 'string' ? o.display_name : typeof o.name === 'string' ? o.name : '';
      }
      return '';
    })
    .filter(Boolean)
    .join(', ');
}

export function formatDate(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hour12: false }).format(
    date,
  );
}
