/** Thresholds of the frame's banners (docs/shell.md#the-page-frame, docs/limits.md). */
export const LICENSE_WARNING_DAYS = 7;
export const PASSWORD_WARNING_DAYS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Parse a date as the core sends it (`2022/05/07 10:00:00 +0800`, docs/http.md#dates-on-the-wire) or
 * ISO-8601; null when the value is missing or not a date.
 */
export function parseServerDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || !value.trim()) return null;
  const core = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})(?: ([+-])(\d{2}):?(\d{2}))?$/.exec(
    value.trim(),
  );
  if (core) {
    const [, y, mo, d, h, mi, s, sign, oh, om] = core;
    const utc = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!);
    const offset = sign ? (sign === '-' ? -1 : 1) * (+oh! * 60 + +om!) * 60_000 : 0;
    return new Date(utc - offset);
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

export type BannerState = { kind: 'expired'; days: number } | { kind: 'expiring'; days: number } | null;

/**
 * Licence banner (docs/shell.md#the-page-frame): whole days left until `date_expired` (floored); below 0 →
 * expired, below 7 → expiring, else nothing. Only Admins of the extended edition see it; the caller checks
 * who.
 */
export function licenseBanner(dateExpired: unknown, now: number): BannerState {
  const date = parseServerDate(dateExpired);
  if (!date) return null;
  const daysLeft = Math.floor((date.getTime() - now) / DAY_MS);
  if (daysLeft < 0) return { kind: 'expired', days: -daysLeft };
  if (daysLeft < LICENSE_WARNING_DAYS) return { kind: 'expiring', days: daysLeft };
  return null;
}

/**
 * Password banner (docs/shell.md#the-page-frame): only for local users. Days since the last password change
 * (floored) at or above the limit → expired; 5 days or fewer left → expiring.
 */
export function passwordBanner(input: {
  source: unknown;
  lastUpdated: unknown;
  limitDays: unknown;
  now: number;
}): BannerState {
  const source =
    input.source && typeof input.source === 'object'
      ? (input.source as { value?: unknown }).value
      : input.source;
  if (source !== 'local') return null;
  const limit = typeof input.limitDays === 'number' ? input.limitDays : Number(input.limitDays);
  const updated = parseServerDate(input.lastUpdated);
  if (!updated || !Number.isFinite(limit) || limit <= 0) return null;
  const since = Math.floor((input.now - updated.getTime()) / DAY_MS);
  const left = limit - since;
  if (since >= limit) return { kind: 'expired', days: since - limit };
  if (left <= PASSWORD_WARNING_DAYS) return { kind: 'expiring', days: left };
  return null;
}
