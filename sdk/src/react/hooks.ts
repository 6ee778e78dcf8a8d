import { useCallback, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOptions } from 'i18next';
import type { Observable } from 'rxjs';
import { I18n, Org, Permission, Session, type ServiceLocator, type Token } from '../tokens';
import type { PermissionRequirement } from '../rules/permissions';
import type { UserProfile } from '../services/session';
import type { Organization } from '../services/org';
import { PluginScopeContext, ServiceLocatorContext, type PluginScope } from './contexts';

function useLocator(): ServiceLocator {
  const locator = useContext(ServiceLocatorContext);
  if (!locator) throw new Error('Bastion SDK hooks need the host ServiceLocator provider above them');
  return locator;
}

/** A service by token, e.g. `useService(Http)`. */
export function useService<T>(token: Token<T>): T {
  return useLocator().get(token);
}

/** Re-render whenever `source$` emits; the snapshot is read from the service, not from the emission. */
export function useObservableSnapshot<T>(source$: Observable<unknown>, getSnapshot: () => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = source$.subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [source$],
  );
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The signed-in user's profile (null only before sign-in completed, which plugins never see). */
export function useProfile(): UserProfile | null {
  const session = useService(Session);
  return useObservableSnapshot(session.profile$, () => session.profile);
}

/** The current organization. */
export function useOrg(): Organization | null {
  const org = useService(Org);
  return useObservableSnapshot(org.current$, () => org.current);
}

/** Does the user hold `required` (all of a list; `a|b` = either) in the current organization? */
export function useCan(required: PermissionRequirement): boolean {
  const permission = useService(Permission);
  // The answer changes when the profile (perms of the current org) changes.
  useProfile();
  return permission.can(required);
}

/** The plugin whose page is rendering, or null in the shell. */
export function usePluginScope(): PluginScope | null {
  return useContext(PluginScopeContext);
}

export type TranslateFn = (key: string, options?: TOptions) => string;

/**
 * A translate function for `ns`; by default the namespace of the plugin rendering the component (host pages:
 * `host`). Bound to the host's i18next instance, so it works without a separate react-i18next provider.
 */
export function useT(ns?: string): TranslateFn {
  const scope = usePluginScope();
  const locator = useContext(ServiceLocatorContext);
  const instance = locator?.get(I18n).instance;
  const { t } = useTranslation(
    ns ?? scope?.i18nNamespace ?? 'host',
    instance ? { i18n: instance } : undefined,
  );
  return useCallback((key: string, options?: TOptions) => String(t(key, options ?? {})), [t]);
}
