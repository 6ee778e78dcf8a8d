import { createContext, type Context } from 'react';
import type { ServiceLocator } from '../tokens';

/** The plugin a subtree belongs to; the host wraps every contributed page in it. */
export interface PluginScope {
  pluginId: string;
  i18nNamespace: string;
}

/**
 * Contexts live in a realm-wide slot keyed by a registered symbol: should a plugin bundle a second copy of the
 * SDK by mistake, its hooks still read the host's providers instead of an empty duplicate context.
 */
function sharedContext<T>(name: string, initial: T): Context<T> {
  const key = Symbol.for(`bastion.react.${name}`);
  const slots = globalThis as unknown as Record<symbol, Context<T> | undefined>;
  let context = slots[key];
  if (!context) {
    context = createContext<T>(initial);
    context.displayName = `Bastion${name}`;
    slots[key] = context;
  }
  return context;
}

export const ServiceLocatorContext: Context<ServiceLocator | null> = sharedContext<ServiceLocator | null>(
  'ServiceLocator',
  null,
);
export const PluginScopeContext: Context<PluginScope | null> = sharedContext<PluginScope | null>(
  'PluginScope',
  null,
);
