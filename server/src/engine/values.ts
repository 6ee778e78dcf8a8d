/** Parsing of wire values shared by validation, filters and imports. */

const JMS_DATETIME =
  /^(\d{4})[/-](\d{2})[/-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*([+-]\d{2}:?\d{2}|Z)?$/;

/** `YYYY/MM/DD HH:MM:SS +ZZZZ`, `YYYY-MM-DD HH:MM:SS +ZZZZ` or ISO-8601 → epoch ms; null when invalid. */
export function parseDateTime(text: string): number | null {
  const value = text.trim();
  if (value.length > 64) return null;
  const match = JMS_DATETIME.exec(value);
  if (!match) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const ms = Date.parse(`${value}T00:00:00Z`);
      return Number.isFinite(ms) ? ms : null;
    }
    return null;
  }
  const [, y, mo, d, h, mi, s = '00', zone = 'Z'] = match;
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isFinite(ms) ? ms : null;
}

const TRUE_VALUES = new Set(['true', '1', 'yes', 'on', 't', 'y']);
const FALSE_VALUES = new Set(['false', '0', 'no', 'off', 'f', 'n']);

/** DRF BooleanField inputs (`True`, `true`, `1`, …); null when not a boolean. */
export function parseBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (TRUE_VALUES.has(text)) return true;
  if (FALSE_VALUES.has(text)) return false;
  return null;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A UUID in its canonical lowercase dashed form, or null. */
export function normalizeUuid(text: string): string | null {
  const value = text.trim();
  if (!UUID_PATTERN.test(value)) return null;
  const hex = value.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
