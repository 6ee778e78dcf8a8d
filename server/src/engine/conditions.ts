import type { ScopeCondition } from './declaration';

/**
 * Conditions the engine hands to storage: the declaration-level ScopeCondition plus what list queries need.
 * Field names are declared field names, raw column names of the table, or `fk__field` lookups through an
 * fk. Values are already converted to their stored form (booleans 0/1, datetimes epoch ms).
 */
export type Condition =
  | ScopeCondition
  /** Equal, ignoring the case of ASCII letters (a hostname typed as `DB01`). */
  | { field: string; op: 'iexact'; value: string }
  /** A search term: a case-insensitive substring of at least one of `fields` (storage may use an index). */
  | { search: string; fields: readonly string[] }
  | { field: string; op: 'gte' | 'lte'; value: unknown }
  | { anyOf: readonly Condition[] }
  | { allOf: readonly Condition[] }
  | { never: true };

export const allOf = (conditions: ReadonlyArray<Condition | null | undefined>): Condition | null => {
  const present = conditions.filter((c): c is Condition => c !== null && c !== undefined);
  if (present.length === 0) return null;
  if (present.length === 1) return present[0] as Condition;
  return { allOf: present };
};

export interface OrderTerm {
  field: string;
  descending: boolean;
}

/** A storage-neutral select: condition, order (an id tie-breaker is added by storage), page. */
export interface SelectQuery {
  where: Condition | null;
  order: readonly OrderTerm[];
  limit: number | null;
  offset: number;
}
