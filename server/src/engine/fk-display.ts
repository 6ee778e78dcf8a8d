import { ROOT_ORG_ID } from '../orgs/org-ids';
import type { FieldDeclaration, Label, StoredRow } from './declaration';

/**
 * A read-only `<fk>_display` field: a text of the related row, read for the whole page in one query.
 * `acrossOrgs` reads the target regardless of the current organization (users are global objects).
 */
export function fkDisplayField(options: {
  fk: string;
  to: string;
  label: Label;
  text: (target: StoredRow) => string;
  acrossOrgs?: boolean;
}): FieldDeclaration {
  return {
    kind: 'string',
    label: options.label,
    readOnly: true,
    computeMany: async (rows, ctx, resources) => {
      const ids = [
        ...new Set(rows.map((row) => row[options.fk]).filter((id) => id !== null && id !== undefined)),
      ];
      const scope = options.acrossOrgs ? { ...ctx, orgId: ROOT_ORG_ID } : ctx;
      const targets =
        ids.length === 0
          ? []
          : await resources.get(options.to).find({ field: 'id', op: 'in', values: ids }, scope);
      const byId = new Map(targets.map((target) => [target.id, target]));
      return rows.map((row) => {
        const target = byId.get(row[options.fk]);
        return target ? options.text(target) : '';
      });
    },
  };
}

/** "Name(username)", as v2.21 shows a user in relation lists. */
export const userDisplayText = (user: StoredRow): string => `${String(user.name)}(${String(user.username)})`;
