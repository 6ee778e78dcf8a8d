import { describe, expect, it } from 'vitest';
import { SDK_VERSION } from '../version';
import { PluginDefinitionError, definePlugin, isPluginDescriptor } from './definePlugin';

const Page = () => null;

describe('definePlugin', () => {
  it('returns a frozen, branded descriptor carrying the SDK version', () => {
    const d = definePlugin({
      id: 'users',
      routes: [
        {
          path: '/console/users',
          view: 'console',
          title: 'route.list',
          permissions: ['users.view_user'],
          component: Page,
        },
      ],
      menus: [{ id: 'users', title: 'menu.users', path: '/console/users', children: undefined }],
    });
    expect(isPluginDescriptor(d)).toBe(true);
    expect(d.sdkVersion).toBe(SDK_VERSION);
    expect(d.i18nNamespace).toBe('users');
    expect(Object.isFrozen(d)).toBe(true);
    expect(Object.isFrozen(d.routes)).toBe(true);
    expect(Object.isFrozen(d.routes[0])).toBe(true);
    expect(Object.isFrozen(d.routes[0]!.permissions)).toBe(true);
    expect(d.routes[0]!.component).toBe(Page);
    expect(Object.isFrozen(Page)).toBe(false);
  });

  it('collects every problem into one error', () => {
    try {
      definePlugin({
        id: 'Bad Id',
        routes: [
          { path: 'relative', view: 'console', title: 't', component: Page },
          { path: '/a', view: 'nowhere' as 'console', title: '', component: Page },
          { path: '/b', view: 'console', title: 't' },
        ],
        menus: [
          { id: 'm', title: 'x', path: '/a' },
          { id: 'm', title: 'x', path: '/b' },
          { id: 'n', title: 'x' },
        ],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PluginDefinitionError);
      const problems = (error as PluginDefinitionError).problems.join('\n');
      expect(problems).toMatch(/id must be/);
      expect(problems).toMatch(/routes\[0\]: path must be absolute/);
      expect(problems).toMatch(/unknown view "nowhere"/);
      expect(problems).toMatch(/routes\[1\]: title/);
      expect(problems).toMatch(/routes\[2\]: component or element/);
      expect(problems).toMatch(/duplicate id m/);
      expect(problems).toMatch(/menus\[2\]: needs an absolute path or children/);
    }
  });

  it('rejects duplicate route paths and bad permission lists', () => {
    expect(() =>
      definePlugin({
        id: 'x',
        routes: [
          { path: '/a', view: 'console', title: 't', component: Page },
          { path: '/a', view: 'console', title: 't', component: Page },
        ],
      }),
    ).toThrow(/duplicate path/);
    expect(() =>
      definePlugin({
        id: 'x',
        routes: [{ path: '/a', view: 'console', title: 't', component: Page, permissions: [''] }],
      }),
    ).toThrow(/permissions/);
  });

  it('isPluginDescriptor rejects look-alikes', () => {
    expect(isPluginDescriptor(null)).toBe(false);
    expect(isPluginDescriptor({ id: 'x', routes: [] })).toBe(false);
    expect(isPluginDescriptor(() => null)).toBe(false);
  });
});
