import type { Language } from './language';

/** Date formats of docs/shell.md#languages-and-dates: short, medium (24-hour) and long, per language. */
export type DateFormat = 'short' | 'medium' | 'long';

const LOCALES: Readonly<Record<Language, string>> = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' };

const OPTIONS: Readonly<Record<DateFormat, Intl.DateTimeFormatOptions>> = {
  short: { year: 'numeric', month: '2-digit', day: '2-digit' },
  medium: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  long: {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
};

export function formatDate(
  date: Date | number,
  lng: Language,
  format: DateFormat = 'medium',
  timeZone?: string,
): string {
  return new Intl.DateTimeFormat(LOCALES[lng] ?? 'en-US', { ...OPTIONS[format], timeZone }).format(date);
}

export const RELATIVE_DATE_LIMIT_DAYS = 7;

/**
 * "3 minutes ago" within 7 days, the medium absolute date after (docs/limits.md, site messages).
 */
export function formatRelativeDate(date: Date, now: number, lng: Language, timeZone?: string): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs >= RELATIVE_DATE_LIMIT_DAYS * 86_400) return formatDate(date, lng, 'medium', timeZone);
  const rtf = new Intl.RelativeTimeFormat(LOCALES[lng] ?? 'en-US', { numeric: 'auto' });
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

/**
 * Durations in s, m, h or d with one decimal (docs/limits.md): 42 → "42.0 s", 90 → "1.5 m", 5400 → "1.5 h".
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  const abs = Math.abs(seconds);
  if (abs < 60) return `${seconds.toFixed(1)} s`;
  if (abs < 3600) return `${(seconds / 60).toFixed(1)} m`;
  if (abs < 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

/** The unread badge: the count, capped at 99 ("99+"), nothing for zero (docs/limits.md). */
export function badgeText(count: number, max = 99): string | null {
  if (!count || count < 0) return null;
  return count > max ? `${max}+` : String(count);
}
