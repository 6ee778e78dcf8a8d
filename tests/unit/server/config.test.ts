import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';

describe('BASTION_LOG_LEVEL', () => {
  it('defaults to warnings and errors on a terminal, to the request log otherwise', () => {
    expect(loadConfig({}, '/srv', true).logLevel).toBe('warn');
    expect(loadConfig({}, '/srv', false).logLevel).toBe('info');
  });

  it('is taken as set, and refused with the accepted values when it is no level', () => {
    expect(loadConfig({ BASTION_LOG_LEVEL: 'info' }, '/srv', true).logLevel).toBe('info');
    expect(loadConfig({ BASTION_LOG_LEVEL: 'silent' }, '/srv', false).logLevel).toBe('silent');
    expect(() => loadConfig({ BASTION_LOG_LEVEL: 'loud' }, '/srv', true)).toThrow(
      /BASTION_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/,
    );
  });
});
