import { describe, expect, it } from 'vitest';
import { framesUntil, parseAsciicast } from '../../plugins/audit/src/asciicast';

describe('parseAsciicast', () => {
  it('reads a v2 recording: size, output frames in absolute time, duration', () => {
    const cast = parseAsciicast(
      ['{"version":2,"width":100,"height":30}', '[0.5,"o","a"]', '[1.0,"i","x"]', '[2.5,"o","b"]'].join('\n'),
    );
    expect(cast).toMatchObject({ width: 100, height: 30, duration: 2.5 });
    expect(cast.frames).toEqual([
      [0.5, 'a'],
      [2.5, 'b'],
    ]);
    expect(framesUntil(cast, 0.4)).toBe(0);
    expect(framesUntil(cast, 0.5)).toBe(1);
    expect(framesUntil(cast, 9)).toBe(2);
  });

  it('adds up v3 intervals and skips broken lines', () => {
    const cast = parseAsciicast(
      ['{"version":3,"term":{"cols":90,"rows":20}}', '[1,"o","a"]', 'oops', '[0.5,"o","b"]'].join('\n'),
    );
    expect(cast).toMatchObject({ width: 90, height: 20, duration: 1.5 });
  });
});
