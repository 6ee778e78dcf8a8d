import type { Row } from './database';

/**
 * The builder of row objects from rows read as arrays, for these column names: one object literal, so
 * every row of a statement gets the same shape at once — about half the cost of building each row
 * property by property, as both drivers do (docs/data-layer.md#the-fast-path). Null (rows stay objects
 * built by the driver) when a name could not be a plain literal key. Names come from the database's
 * description of a statement compiled from code and are written JSON-quoted, never as code.
 */
export function rowBuilder(names: readonly string[]): ((values: unknown[]) => Row) | null {
  if (names.length === 0 || names.includes('__proto__')) return null;
  const properties = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`).join(', ');
  return new Function('values', `return { ${properties} };`) as (values: unknown[]) => Row;
}
