/**
 * Parameter values as both backends store them: booleans 0/1 (the columns are integers everywhere, so a
 * filter `is_active = 1` means the same on SQLite and PostgreSQL), undefined as NULL.
 */
export function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * `?` placeholders → `$1, $2, …` for PostgreSQL. Question marks inside quoted strings, quoted identifiers
 * and comments are left alone; `??` is not an operator this code base uses.
 */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i] as string;
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === '$' && sql[i + 1] === '$') {
      // A dollar-quoted body (function definitions): copied as it is.
      const end = sql.indexOf('$$', i + 2);
      const stop = end === -1 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (ch === '?') out += `$${++n}`;
    else out += ch;
  }
  return out;
}
