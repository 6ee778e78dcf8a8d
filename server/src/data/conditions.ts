/**
 * The one storage-neutral condition vocabulary: what declarations, hooks, custom filters and list requests
 * hand to the data layer (docs/data-layer.md). Field names are declared field names, raw column names of
 * the table, m2m field names ("rows linked to"), or `fk__field` lookups through an fk. Values are already in
 * their stored form (booleans 0/1, datetimes epoch ms). The data layer compiles it for either backend
 * (data/sql/condition-sql.ts); nothing else turns it into SQL.
 */
export type Condition =
  | { field: string; op: 'eq' | 'ne'; value: unknown }
  | { field: string; op: 'in'; values: readonly unknown[] }
  /** A case-insensitive substring. */
  | { field: string; op: 'contains'; value: string }
  /** Equal, ignoring the case of ASCII letters (a hostname typed as `DB01`). */
  | { field: string; op: 'iexact'; value: string }
  | { field: string; op: 'gte' | 'lte'; value: unknown }
  /** The field's value is one of `column` in the rows of `table` matching `where` (all equalities). */
  | {
      field: string;
      op: 'inSubquery';
      subquery: { table: string; column: string; where: Record<string, unknown> };
    }
  /** A search term: a case-insensitive substring of at least one of `fields` (an index may serve it). */
  | { search: string; fields: readonly string[] }
  | { allOf: readonly Condition[] }
  | { anyOf: readonly Condition[] }
  /** The rows the inner condition does not match (a list's "everything else", as favourites-first pages). */
  | { not: Condition }
  | { never: true };

/** All of the present conditions (null when none is left). */
export const allOf = (conditions: ReadonlyArray<Condition | null | undefined>): Condition | null => {
  const present = conditions.filter((c): c is Condition => c !== null && c !== undefined);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0] as Condition;
  return { allOf: present };
};

/** Any of the conditions (an empty list matches nothing). */
export const anyOf = (conditions: readonly Condition[]): Condition =>
  conditions.length === 1 ? (conditions[0] as Condition) : { anyOf: conditions };

export interface OrderTerm {
  field: string;
  descending: boolean;
}

/** A storage-neutral select: condition, order (the data layer adds an id tie-breaker), page. */
export interface SelectQuery {
  where: Condition | null;
  order: readonly OrderTerm[];
  limit: number | null;
  offset: number;
}
