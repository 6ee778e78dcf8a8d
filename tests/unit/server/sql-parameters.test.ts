import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../../server/src/data/database-url';
import { bindable, numberPlaceholders } from '../../../server/src/data/parameters';

describe('numbering placeholders for PostgreSQL', () => {
  it('numbers each ? in order', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?) LIMIT ?')).toBe(
      'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3) LIMIT $4',
    );
  });

  it('leaves question marks in strings, quoted names, comments and function bodies alone', () => {
    expect(
      numberPlaceholders("SELECT '?', \"a?\" FROM t WHERE x LIKE ? ESCAPE '\\' -- why?\nAND y = ?"),
    ).toBe("SELECT '?', \"a?\" FROM t WHERE x LIKE $1 ESCAPE '\\' -- why?\nAND y = $2");
    expect(numberPlaceholders('CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 WHERE ? $$; SELECT ?')).toBe(
      'CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 WHERE ? $$; SELECT $1',
    );
  });
});

describe('values bound on both backends', () => {
  it('stores booleans as 0/1 and undefined as NULL', () => {
    expect([true, false, undefined, 0, 'x', null].map(bindable)).toEqual([1, 0, null, 0, 'x', null]);
  });
});

describe('database URLs in messages', () => {
  it('never show the password', () => {
    expect(redactUrl('postgres://u:secret@db.example:5432/bastion?sslmode=require')).toBe(
      'postgres://u:***@db.example:5432/bastion?sslmode=require',
    );
    expect(redactUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
    expect(redactUrl('not a url with secret')).not.toContain('secret');
  });
});
