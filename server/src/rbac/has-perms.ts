/**
 * docs/permissions.md#permission-codes: every entry of `required` must be held; an entry `a|b` passes when
 * any alternative is held. An empty list passes (any signed-in user).
 */
export function hasPerms(userPerms: ReadonlySet<string>, required: readonly string[]): boolean {
  return required.every((entry) =>
    entry
      .split('|')
      .map((alternative) => alternative.trim())
      .some((alternative) => alternative !== '' && userPerms.has(alternative)),
  );
}
