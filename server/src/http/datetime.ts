/**
 * The v2.21 wire format for datetimes: `YYYY/MM/DD HH:MM:SS +ZZZZ` (docs/http.md#dates-on-the-wire), rendered
 * in the zone the console sends in `X-TZ` when it is a valid IANA name, else UTC.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter) return formatter;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
  } catch {
    return null;
  }
  if (formatters.size < 500) formatters.set(timeZone, formatter);
  return formatter;
}

/** The zone's UTC offset in minutes at an instant, read from the formatter (`GMT+08:00` → 480). */
function offsetMinutes(epochMs: number, timeZone: string): number {
  const formatter = formatterFor(timeZone) ?? (formatterFor('UTC') as Intl.DateTimeFormat);
  const name =
    formatter.formatToParts(new Date(epochMs)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * Offsets change only at transitions, which fall on whole minutes: one formatter call per zone and minute
 * serves every timestamp in it (formatToParts was a tenth of a list request's time).
 */
const offsets = new Map<string, number>();
const OFFSET_CACHE_LIMIT = 5000;

function cachedOffset(epochMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(epochMs / 60_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetMinutes(epochMs, timeZone);
    if (offsets.size >= OFFSET_CACHE_LIMIT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function formatDateTime(epochMs: number, timeZone = 'UTC'): string {
  const offset = timeZone === 'UTC' ? 0 : cachedOffset(epochMs, timeZone);
  // The wall-clock time is the instant shifted by the offset, read in UTC.
  const local = new Date(Math.floor(epochMs / 1000) * 1000 + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}/${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ` +
    `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
  );
}

export function formatNullableDateTime(epochMs: number | null, timeZone?: string): string | null {
  return epochMs === null ? null : formatDateTime(epochMs, timeZone);
}

/** The zone named by `X-TZ`, when it is a plausible IANA name. */
export function requestTimeZone(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value && /^[A-Za-z_+\-/0-9]{1,64}$/.test(value) && formatterFor(value)) return value;
  return 'UTC';
}

/** The instant a calendar day begins in `timeZone`, for the day that holds `epochMs`. */
export function startOfLocalDay(epochMs: number, timeZone = 'UTC'): number {
  const dayMs = 86_400_000;
  const offsetMs = (at: number) => (timeZone === 'UTC' ? 0 : cachedOffset(at, timeZone) * 60_000);
  const guess = epochMs - ((((epochMs + offsetMs(epochMs)) % dayMs) + dayMs) % dayMs);
  // A day whose midnight lies on the other side of a DST change than `epochMs`: take midnight's own offset.
  const corrected = guess + offsetMs(epochMs) - offsetMs(guess);
  return corrected <= epochMs ? corrected : guess;
}

/** `MM-DD` of the instant in `timeZone` (the dashboards' day labels). */
export function monthDay(epochMs: number, timeZone = 'UTC'): string {
  const offset = timeZone === 'UTC' ? 0 : cachedOffset(epochMs, timeZone);
  const local = new Date(epochMs + offset * 60_000);
  return `${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}
