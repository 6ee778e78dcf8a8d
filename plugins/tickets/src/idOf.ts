/**
 * The id of a related object as the server may send it: a bare id, or an object carrying one (`{id, name}`).
 * null when there is none.
 */
export function idOf(value: unknown): string | null {
  if (value && typeof value === 'object' && 'id' in value) return String((value as { id: unknown }).id);
  return value === null || value === undefined ? null : String(value);
}
