import { describe, expect, it } from 'vitest';
import { resolveActiveTab } from './tabPages';

const tabs = [{ name: 'info' }, { name: 'secret', hidden: true }, { name: 'perms' }];

describe('tab pages: activeTab query → cookie → default (docs/shell.md#tab-pages)', () => {
  it('prefers the query, then the cookie, then the default', () => {
    expect(resolveActiveTab({ tabs, query: 'perms', cookie: 'info', defaultTab: 'info' })).toBe('perms');
    expect(resolveActiveTab({ tabs, query: null, cookie: 'perms', defaultTab: 'info' })).toBe('perms');
    expect(resolveActiveTab({ tabs, defaultTab: 'perms' })).toBe('perms');
  });
  it('skips hidden or unknown names, ending with the first visible tab', () => {
    expect(resolveActiveTab({ tabs, query: 'secret', cookie: 'nope' })).toBe('info');
    expect(resolveActiveTab({ tabs: [{ name: 'x', hidden: true }] })).toBeNull();
  });
});
