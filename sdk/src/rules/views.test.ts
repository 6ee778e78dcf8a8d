import { describe, expect, it } from 'vitest';
import { canUseView, orgsOfView, viewOfPath } from './views';

const org = { id: 'o', name: 'O' };

describe('views', () => {
  it('takes the view from the first path segment', () => {
    expect(viewOfPath('/console/users')).toBe('console');
    expect(viewOfPath('audit')).toBe('audit');
    expect(viewOfPath('/')).toBeNull();
    expect(viewOfPath('/unavailable/x')).toBeNull();
  });

  it('gates views by the profile orgs', () => {
    const p = { console_orgs: [], audit_orgs: [org], workbench_orgs: [] };
    expect(canUseView(p, 'console')).toBe(false);
    expect(canUseView(p, 'tickets')).toBe(false);
    expect(canUseView(p, 'audit')).toBe(true);
    expect(canUseView(p, 'workbench')).toBe(true);
    expect(canUseView(p, 'profile')).toBe(true);
    expect(orgsOfView(p, 'audit')).toEqual([org]);
    expect(orgsOfView(p, 'tickets')).toEqual([]);
  });
});
