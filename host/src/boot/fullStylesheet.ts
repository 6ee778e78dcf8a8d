import type { PluginListEntry } from '@bastion/sdk';

/** The `<link>` of all of PrimeFlex in the console's page (host/public/index.html), disabled until enabled. */
export const FULL_STYLESHEET_ID = 'bastion-primeflex-all';

/**
 * The page's own stylesheet holds only the PrimeFlex classes that the console's sources and built-in plugins
 * spell out; a drop-in plugin's classes are in all of PrimeFlex, which is enabled (so fetched and applied,
 * before the page's stylesheet in the cascade, PrimeFlex's own place) as soon as the user's plugin list names
 * a plugin that is not built in (docs/first-view.md#the-stylesheet-of-the-first-view).
 */
export function enableFullStylesheet(doc: Document, plugins: readonly PluginListEntry[]): boolean {
  if (plugins.every((p) => p.source === 'builtin')) return false;
  const link = doc.getElementById(FULL_STYLESHEET_ID);
  if (!link?.hasAttribute('disabled')) return false;
  // Removing the attribute (the `disabled` property reflects it) is what makes the browser fetch the sheet.
  link.removeAttribute('disabled');
  return true;
}
