import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from '../../../server/src/engine/formula-cells';

describe('formula cells (exports and their import)', () => {
  it('quotes text a spreadsheet would run as a formula, and nothing else', () => {
    for (const text of ['=1+1', '+1', '-1', '@x', '\tx', '\rx', "'=x", "''@x"])
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['plain', 'a=b', "'plain", "''", '', ' =x', '1-1'])
      expect(neutraliseFormula(text)).toBe(text);
  });

  it('restores exactly what was exported, for every text', () => {
    const samples = ['=', '+', '-', '@', '\t', '\r', "'", 'x', ' ', '1'];
    const texts: string[] = [''];
    for (const a of samples) for (const b of samples) for (const c of samples) texts.push(a + b + c);
    for (const text of texts) expect(restoreFormula(neutraliseFormula(text))).toBe(text);
  });
});
