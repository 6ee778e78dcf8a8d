import { describe, expect, it } from 'vitest';
import { DEFAULT_ORG_ID } from '../constants';
import { chooseOrganization, resolveOrgHeader } from './organizations';

describe('resolveOrgHeader (docs/organizations.md#in-the-console)', () => {
  it('uses the oid query parameter first', () => {
    expect(resolveOrgHeader({ oidQuery: 'q-org', currentOrgId: 'cur', xpackEnabled: true })).toBe('q-org');
    expect(resolveOrgHeader({ oidQuery: 'q-org', currentOrgId: null, xpackEnabled: false })).toBe('q-org');
  });

  it('then the current organization', () => {
    expect(resolveOrgHeader({ oidQuery: null, currentOrgId: 'cur', xpackEnabled: true })).toBe('cur');
    expect(resolveOrgHeader({ currentOrgId: 'cur', xpackEnabled: false })).toBe('cur');
  });

  it('then the default organization when XPACK is off', () => {
    expect(resolveOrgHeader({ oidQuery: '', currentOrgId: null, xpackEnabled: false })).toBe(DEFAULT_ORG_ID);
  });

  it('sends nothing with XPACK on and no org known', () => {
    expect(resolveOrgHeader({ currentOrgId: null, xpackEnabled: true })).toBeUndefined();
  });
});

describe('chooseOrganization (docs/organizations.md#in-the-console organization check)', () => {
  const a = { id: 'a', name: 'A' };
  const b = { id: 'b', name: 'B', is_default: true };
  const off = { id: 'c', name: 'C', disabled: true };

  it('keeps the wanted org when usable', () => {
    expect(chooseOrganization({ wanted: 'a', available: [a, b], licensed: true })).toBe(a);
  });

  it('falls back to the default entry, then the first', () => {
    expect(chooseOrganization({ wanted: 'zzz', available: [a, b], licensed: true })).toBe(b);
    expect(chooseOrganization({ wanted: 'c', available: [off, a], licensed: true })).toBe(a);
    expect(chooseOrganization({ wanted: null, available: [], licensed: true })).toBeNull();
  });

  it('uses the default organization without a licence', () => {
    expect(chooseOrganization({ wanted: 'a', available: [a, b], licensed: false })?.id).toBe(DEFAULT_ORG_ID);
  });
});
