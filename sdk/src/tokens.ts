import type { EventBusService } from './services/eventBus';
import type { HttpClient } from './services/http';
import type { I18nService } from './services/i18n';
import type { OrgService } from './services/org';
import type { PermissionService } from './services/permission';
import type { PublicSettingsService } from './services/publicSettings';
import type { SessionService } from './services/session';

declare const tokenType: unique symbol;

/**
 * A typed service key. At run time it is a plain registered symbol; the phantom property only carries `T`
 * through `useService(token)` and `locator.get(token)` so callers never cast.
 */
export type Token<T> = symbol & { readonly [tokenType]?: T };

/**
 * Tokens are `Symbol.for('bastion.<name>')`, i.e. registered in the realm-wide symbol registry: a plugin that
 * accidentally bundles its own copy of the SDK still produces the very same key, so lookups keep working.
 */
export function defineToken<T>(name: string): Token<T> {
  if (!/^[a-zA-Z][\w.-]*$/.test(name)) throw new Error(`Invalid token name "${name}"`);
  return Symbol.for(`bastion.${name}`) as Token<T>;
}

export const Http: Token<HttpClient> = defineToken<HttpClient>('http');
export const Session: Token<SessionService> = defineToken<SessionService>('session');
export const Org: Token<OrgService> = defineToken<OrgService>('org');
export const Permission: Token<PermissionService> = defineToken<PermissionService>('permission');
export const I18n: Token<I18nService> = defineToken<I18nService>('i18n');
export const EventBus: Token<EventBusService> = defineToken<EventBusService>('eventBus');
export const PublicSettings: Token<PublicSettingsService> =
  defineToken<PublicSettingsService>('publicSettings');

/** What the host hands to React: a lookup by token. The inversify container itself never leaves the host. */
export interface ServiceLocator {
  get<T>(token: Token<T>): T;
}
