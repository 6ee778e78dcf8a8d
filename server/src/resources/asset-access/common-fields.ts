import type { FieldDeclaration } from '../../engine/declaration';
import { l } from '../label';

/** Fields every object of this area has (v2.21's OrgModelMixin + created_by + dates + comment). */
export const STAMP_FIELDS: Record<string, FieldDeclaration> = {
  created_by: { kind: 'string', label: l('创建者', 'Created by', '作成者'), readOnly: true, maxLength: 128 },
  date_created: { kind: 'datetime', label: l('创建日期', 'Date created', '作成日'), readOnly: true },
  date_updated: { kind: 'datetime', label: l('更新日期', 'Date updated', '更新日'), readOnly: true },
  comment: { kind: 'text', label: l('备注', 'Comment', '備考'), default: '' },
};

/** A read-only count of the rows of `resource` whose fk `field` points at each row. */
export function reverseCount(
  label: FieldDeclaration['label'],
  resource: string,
  field: string,
): FieldDeclaration {
  return {
    kind: 'integer',
    label,
    readOnly: true,
    computeMany: async (rows, ctx, resources) => {
      if (rows.length === 0 || !resources.has(resource)) return rows.map(() => 0);
      const ids = rows.map((row) => String(row.id));
      const linked = await resources.get(resource).find({ field, op: 'in', values: ids }, ctx);
      const counts = new Map<string, number>();
      for (const row of linked) counts.set(String(row[field]), (counts.get(String(row[field])) ?? 0) + 1);
      return rows.map((row) => counts.get(String(row.id)) ?? 0);
    },
  };
}
