import { describe, expect, it } from 'vitest';
import { csrfCookieName, readCookie, readCsrfToken } from './cookies';

describe('cookies', () => {
  it('reads, decodes and unquotes values', () => {
    expect(readCookie('a=1; b=hello%20world; c="q"', 'b')).toBe('hello world');
    expect(readCookie('a=1; c="q"', 'c')).toBe('q');
    expect(readCookie('a=1', 'zz')).toBeNull();
  });

  it('finds the csrf cookie under the announced prefix', () => {
    const cookies = 'SESSION_COOKIE_NAME_PREFIX=jms_; jms_csrftoken=abc';
    expect(csrfCookieName(cookies)).toBe('jms_csrftoken');
    expect(readCsrfToken(cookies)).toBe('abc');
    expect(readCsrfToken('csrftoken=plain')).toBe('plain');
    expect(readCsrfToken('SESSION_COOKIE_NAME_PREFIX=jms_; csrftoken=other')).toBeNull();
  });
});
