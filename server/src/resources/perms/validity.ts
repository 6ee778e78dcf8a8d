import type { StoredRow } from '../../engine/declaration';

/** docs/resources.md#asset-permissions: expired = now outside [date_start, date_expired]. */
export function isExpiredPermission(row: StoredRow, now: number): boolean {
  const start = Number(row.date_start);
  const end = Number(row.date_expired);
  return !(Number.isFinite(start) && Number.isFinite(end) && start <= now && now <= end);
}

/** Valid = active and not expired. */
export function isValidPermission(row: StoredRow, now: number): boolean {
  return row.is_active === true && !isExpiredPermission(row, now);
}
