import { describe, expect, it } from 'vitest';
import { Http, defineToken } from './tokens';

describe('defineToken', () => {
  it('makes a registered symbol, so a second SDK copy yields the same key', () => {
    const token = defineToken<number>('answer');
    expect(typeof token).toBe('symbol');
    expect(token).toBe(Symbol.for('bastion.answer'));
    expect(defineToken<number>('answer')).toBe(token);
    expect(Http).toBe(Symbol.for('bastion.http'));
  });

  it('rejects names that are not identifiers', () => {
    expect(() => defineToken('')).toThrow();
    expect(() => defineToken('has space')).toThrow();
  });
});
