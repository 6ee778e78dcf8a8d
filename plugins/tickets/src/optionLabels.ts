// How the area's selects label the users, assets and nodes they offer.

/** A user as `name(username)`. */
export function userLabel(row: Record<string, unknown>): string {
  return `${String(row.name ?? '')}(${String(row.username ?? '')})`;
}

/** An asset as `hostname(ip)`, or its name / id when the row has no hostname. */
export function assetLabel(row: Record<string, unknown>): string {
  const host = String(row.hostname ?? row.name ?? row.id ?? '');
  return row.ip ? `${host}(${String(row.ip)})` : host;
}

/** A node by its full path (`/Default/Web`) when the server gives one. */
export function nodeLabel(row: Record<string, unknown>): string {
  return String(row.full_value ?? row.value ?? row.name ?? row.id ?? '');
}
