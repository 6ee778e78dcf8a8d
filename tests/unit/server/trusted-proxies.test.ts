// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '../../../server/src/config';

describe('BASTION_TRUSTED_PROXIES', () => {
  it('takes addresses and CIDRs, and stops the start on anything else', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies('')).toEqual([]);
    expect(parseTrustedProxies(' 10.0.0.5, 192.168.0.0/24 ,::1,fd00::/8')).toEqual([
      '10.0.0.5',
      '192.168.0.0/24',
      '::1',
      'fd00::/8',
    ]);
    for (const bad of ['loopback', '10.0.0.0/33', '10.0.0.1/8/1', '*', 'proxy.example.com', '::1/129'])
      expect(() => parseTrustedProxies(bad), bad).toThrow(/BASTION_TRUSTED_PROXIES/);
  });
});
