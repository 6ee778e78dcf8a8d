/**
 * Node keys are materialised paths of integers (`1:3:12`, docs/resources.md#nodes): the Default org's root is
 * `1`, every other org's root the next integer, a child `<parent>:<n>` with n from the parent's `child_mark`.
 * Pure helpers, no storage.
 */

/** Key of the parent, `''` for an org root. */
export function parentKeyOf(key: string): string {
  const at = key.lastIndexOf(':');
  return at === -1 ? '' : key.slice(0, at);
}

export function isRootKey(key: string): boolean {
  return !key.includes(':');
}

/** True when `key` is `ancestor` itself or below it. */
export function isSelfOrDescendant(key: string, ancestor: string): boolean {
  return key === ancestor || key.startsWith(`${ancestor}:`);
}

export function isDescendant(key: string, ancestor: string): boolean {
  return key.startsWith(`${ancestor}:`);
}

/** Keys compared segment by segment as integers, so `1:10` sorts after `1:9`. */
export function compareKeys(a: string, b: string): number {
  const left = a.split(':');
  const right = b.split(':');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const diff = Number(left[i]) - Number(right[i]);
    if (diff !== 0) return diff;
  }
  return left.length - right.length;
}

/** A valid stored key: integers joined by `:` (what `?key=` may name). */
export function isNodeKey(value: string): boolean {
  return /^\d{1,9}(:\d{1,9}){0,63}$/.test(value);
}

/** Next free root key: the Default org keeps `1`; others start at 2 (v2.21 Node.get_next_org_root_node_key). */
export function nextRootKey(existingRootKeys: readonly string[], isDefaultOrg: boolean): string {
  if (isDefaultOrg && !existingRootKeys.includes('1')) return '1';
  const max = existingRootKeys.reduce((highest, key) => Math.max(highest, Number(key) || 0), 1);
  return String(max + 1);
}

/** `/Default/a/b` → `['Default', 'a', 'b']`; empty segments are dropped. */
export function splitFullValue(fullValue: string): string[] {
  return fullValue
    .split('/')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}
