import { PERMISSION_CATALOGUE, type PermissionDef } from './permission-catalogue';

/**
 * v2.21 exposes Django permission rows with integer ids. Here a permission's id is its 1-based position in
 * the sorted catalogue: stable while the catalogue is, and roles store codes (never these ids), so a
 * catalogue that grows never changes what a stored role grants.
 */
export const permissionId = (index: number): number => index + 1;

export function permissionById(id: number): PermissionDef | undefined {
  return PERMISSION_CATALOGUE[id - 1];
}

export function permissionIdOf(code: string): number | undefined {
  const index = PERMISSION_CATALOGUE.findIndex((def) => def.code === code);
  return index === -1 ? undefined : permissionId(index);
}

/** Codes for a role's `permissions` input; null when any id is not an assignable permission of the scope. */
export function permissionIdsToCodes(value: unknown, scope: 'system' | 'org'): string[] | null {
  if (!Array.isArray(value) || value.length > PERMISSION_CATALOGUE.length) return null;
  const codes = new Set<string>();
  for (const item of value) {
    const id =
      typeof item === 'number'
        ? item
        : typeof item === 'string' && /^\d{1,6}$/.test(item)
          ? Number(item)
          : NaN;
    const def = Number.isInteger(id) ? permissionById(id) : undefined;
    if (!def || (scope === 'org' && def.systemOnly)) return null;
    codes.add(def.code);
  }
  return [...codes].sort();
}
