import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT, safeNext } from '../../../server/src/auth/safe-next';

describe('safeNext (the redirect after login and logout)', () => {
  it('follows same-site paths, percent-encoding what a Location header cannot carry', () => {
    expect(safeNext('/ui/users/users?x=1')).toBe('/ui/users/users?x=1');
    expect(safeNext('/ui/资产')).toBe('/ui/%E8%B5%84%E4%BA%A7');
    expect(safeNext('/ui/\u0100ü')).toBe('/ui/%C4%80%C3%BC');
    expect(safeNext('/ui/%E8%B5%84')).toBe('/ui/%E8%B5%84');
  });

  it('falls back to the console for other hosts, control characters and text that is not Unicode', () => {
    for (const value of [
      '//evil.example/',
      '/\\evil',
      'https://evil.example/',
      'javascript:alert(1)',
      '/ui/\u0000',
      '/ui/\ud800',
      '/ui/x\udfff',
      '',
      42,
      null,
    ])
      expect(safeNext(value)).toBe(DEFAULT_NEXT);
  });
});
