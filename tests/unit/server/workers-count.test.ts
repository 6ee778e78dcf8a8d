import { describe, expect, it } from 'vitest';
import { parseWorkers } from '../../../server/src/cluster/workers';

describe('BASTION_WORKERS', () => {
  it('is one process unless asked for more', () => {
    expect(parseWorkers(undefined)).toBe(1);
    expect(parseWorkers('')).toBe(1);
    expect(parseWorkers('1')).toBe(1);
    expect(parseWorkers('3')).toBe(3);
  });

  it('takes auto as one worker per core', () => {
    expect(parseWorkers('auto', 2)).toBe(2);
    expect(parseWorkers('auto', 8)).toBe(8);
  });

  it('refuses anything else with a line naming the variable and the value', () => {
    for (const bad of ['0', '-1', '2.5', 'two', '65'])
      expect(() => parseWorkers(bad)).toThrow(
        `BASTION_WORKERS must be "auto" or an integer between 1 and 64, got "${bad}"`,
      );
  });
});
