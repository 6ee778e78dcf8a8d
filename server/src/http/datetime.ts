/**
 * The v2.21 wire format for datetimes: `YYYY/MM/DD HH:MM:SS +ZZZZ` (contract §0), rendered in the zone
 * the console sends in `X-TZ` when it is a valid IANA name, else UTC.
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

export function formatDateTime(epochMs: number, timeZone = 'UTC'): string {
  const formatter = formatterFor(timeZone) ?? (formatterFor('UTC') as Intl.DateTimeFormat);
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  // longOffset gives "GMT+08:00", or just "GMT" for a zero offset.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '').replace(':', '') || '+0000';
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
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
