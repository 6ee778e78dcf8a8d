import type { FieldDeclaration, Label, ResourceDeclaration } from './declaration';

/** How a value is kept in storage; storage backends map these to their own column types. */
export type ColumnType = 'text' | 'integer' | 'real' | 'boolean' | 'datetime' | 'json';

export interface ColumnSpec {
  field: string;
  column: string;
  type: ColumnType;
}

export interface LinkSpec {
  field: string;
  table: string;
  sourceColumn: string;
  targetColumn: string;
  /** Target resource name. */
  to: string;
}

export interface TableSpec {
  table: string;
  columns: ColumnSpec[];
  links: LinkSpec[];
  /** Unique column sets (`org_id` first for per-org uniqueness). */
  uniques: string[][];
  indexes: string[][];
  /** Column lists of the declaration's `coveringIndexes`, built where the dialect builds them. */
  coveringIndexes: string[][];
}

/** A declaration with the engine's own fields (`id`, `org_id`, `org_name`) added and columns worked out. */
export interface CompiledResource {
  decl: ResourceDeclaration;
  app: string;
  model: string;
  fields: ReadonlyMap<string, FieldDeclaration>;
  /** field name → column, for fields stored in a column of the table. */
  columnOf: ReadonlyMap<string, string>;
  links: ReadonlyMap<string, LinkSpec>;
  table: TableSpec;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Names from declarations end up in SQL text; they are code, never input, and are checked anyway. */
export function assertIdentifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`invalid identifier in a resource declaration: "${name}"`);
  return name;
}

const label = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

export const ID_FIELD: FieldDeclaration = { kind: 'uuid', label: label('ID', 'ID', 'ID') };
export const ORG_ID_FIELD: FieldDeclaration = {
  kind: 'string',
  label: label('组织', 'Organization', '組織'),
  readOnly: true,
  maxLength: 36,
};
export const ORG_NAME_FIELD: FieldDeclaration = {
  kind: 'string',
  label: label('组织名称', 'Org name', '組織名'),
  readOnly: true,
};

export const modelOf = (name: string): string => name.slice(name.indexOf('.') + 1);

function columnType(field: FieldDeclaration): ColumnType {
  switch (field.kind) {
    case 'integer':
      return 'integer';
    case 'float':
      return 'real';
    case 'boolean':
      return 'boolean';
    case 'datetime':
      return 'datetime';
    case 'multiple_choice':
    case 'json':
    case 'nested':
      return 'json';
    case 'choice':
      return typeof field.choices?.[0]?.value === 'number' ? 'integer' : 'text';
    default:
      return 'text';
  }
}

/** Whether a field has a column: not computed, not virtual, not m2m, not the engine's `org_name`. */
export function isStored(name: string, field: FieldDeclaration): boolean {
  return (
    field.compute === undefined &&
    field.computeMany === undefined &&
    !field.virtual &&
    field.kind !== 'm2m' &&
    name !== 'org_name'
  );
}

export function fkColumn(name: string, field: FieldDeclaration): string {
  if (field.column) return field.column;
  return field.kind === 'fk' && !name.endsWith('_id') ? `${name}_id` : name;
}

export function compileResource(decl: ResourceDeclaration): CompiledResource {
  const [app = '', model = ''] = decl.name.split('.');
  const fields = new Map<string, FieldDeclaration>();
  fields.set('id', decl.fields.id ?? ID_FIELD);
  for (const [name, field] of Object.entries(decl.fields)) if (name !== 'id') fields.set(name, field);
  if (decl.orgScoped) {
    if (!fields.has('org_id')) fields.set('org_id', ORG_ID_FIELD);
    if (!fields.has('org_name')) fields.set('org_name', ORG_NAME_FIELD);
  }
  const columnOf = new Map<string, string>();
  const columns: ColumnSpec[] = [];
  const links = new Map<string, LinkSpec>();
  const uniques: string[][] = [];
  for (const [name, field] of fields) {
    if (field.kind === 'm2m') {
      if (field.virtual || field.compute || field.computeMany) continue;
      const to = field.to ?? '';
      const through = field.through ?? {
        table: `${decl.table}_${name}`,
        sourceColumn: `${model}_id`,
        targetColumn: `${modelOf(to)}_id`,
      };
      assertIdentifier(through.table);
      assertIdentifier(through.sourceColumn);
      assertIdentifier(through.targetColumn);
      links.set(name, { field: name, to, ...through });
      continue;
    }
    if (!isStored(name, field)) continue;
    const column = assertIdentifier(fkColumn(name, field));
    columnOf.set(name, column);
    columns.push({
      field: name,
      column,
      type: name === 'id' ? (field.kind === 'integer' ? 'integer' : 'text') : columnType(field),
    });
    if (field.unique === true) uniques.push([column]);
    if (field.unique === 'org') uniques.push(decl.orgScoped ? ['org_id', column] : [column]);
  }
  const indexes: string[][] = [];
  const indexed = new Set<string>();
  const addIndex = (cols: string[]): void => {
    const key = cols.join(',');
    if (indexed.has(key) || cols[0] === 'id') return;
    // A longer index with the same leading columns already serves equality filters on this prefix.
    if ([...indexed].some((other) => other.startsWith(`${key},`))) return;
    indexed.add(key);
    indexes.push(cols);
  };
  const scoped = (column: string): string[] => (decl.orgScoped ? ['org_id', column] : [column]);
  // Ordering fields: (org_id, field, id) so that `ORDER BY field, id` (storage adds the id tie-breaker)
  // walks the index in either direction, LIMIT/OFFSET included, with no sort.
  for (const name of decl.orderingFields) {
    const column = columnOf.get(name);
    if (column && column !== 'id') addIndex([...scoped(column), 'id']);
  }
  // Filter fields: (org_id, field, default order column, id), so that a list filtered by equality (a
  // command list of one session or one risk level) is an index range in the list's own order, a date range
  // on that column included — no sort, and no walk of the whole ordering index testing each row
  // (docs/engine.md#indexes).
  const defaultOrder = decl.defaultOrdering[0]?.replace(/^-/, '');
  const orderColumn = defaultOrder ? columnOf.get(defaultOrder) : undefined;
  for (const name of decl.filterFields) {
    const column = columnOf.get(name);
    if (!column || column === 'id') continue;
    addIndex(
      orderColumn && orderColumn !== column && orderColumn !== 'id'
        ? [...scoped(column), orderColumn, 'id']
        : scoped(column),
    );
  }
  if (decl.orgScoped) addIndex(['org_id', 'id']);
  if (decl.dateRangeField && columnOf.get(decl.dateRangeField))
    addIndex([columnOf.get(decl.dateRangeField) as string]);
  return {
    decl,
    app,
    model,
    fields,
    columnOf,
    links,
    table: {
      table: assertIdentifier(decl.table),
      columns,
      links: [...links.values()],
      uniques,
      indexes,
      coveringIndexes: (decl.coveringIndexes ?? []).map((names) =>
        names.map((name) => {
          const column = name === 'id' ? 'id' : columnOf.get(name);
          if (!column) throw new Error(`${decl.name}: covering index field ${name} has no column`);
          return column;
        }),
      ),
    },
  };
}
