import { describe, expect, it, vi } from 'vitest';
import { EventBus, Http, I18n, Org, Permission, PublicSettings, Session, type Token } from '@bastion/sdk';
import { createContainer, toServiceLocator } from '../../../host/src/container';
import { PluginLoader } from '../../../host/src/plugins/PluginLoader';
import { fakeBrowser } from './fakes';

// i18next-http-backend captures `fetch` when its module loads, so the stub must exist before any import.
vi.hoisted(() => {
  globalThis.fetch = async () =>
    new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
});

describe('createContainer', () => {
  it('resolves every service with explicit @inject (no decorator metadata needed)', () => {
    const system = { import: vi.fn(), addImportMap: vi.fn(), delete: vi.fn(), resolve: vi.fn() };
    const container = createContainer({ browser: fakeBrowser().env, system });
    const locator = toServiceLocator(container);
    const tokens: Token<unknown>[] = [EventBus, Http, Session, Org, Permission, PublicSettings, I18n];
    for (const token of tokens) {
      expect(locator.get(token)).toBeDefined();
    }
    expect(locator.get(Http)).toBe(locator.get(Http));
    expect(container.get(PluginLoader)).toBeInstanceOf(PluginLoader);
    expect(Object.isFrozen(locator)).toBe(true);
    expect(locator.get(I18n).language).toBe('en');
  });
});
