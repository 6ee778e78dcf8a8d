// Built plugins written by hand, the way a third party would drop them into BASTION_PLUGINS_DIR: a
// System.register module, its SRI integrity in plugin.json, and its locales.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface DropInPlugin {
  id: string;
  /** Body of the System.register `execute` function; `_export('default', …)` publishes the plugin. */
  execute: string;
  permissions?: string[];
  title?: string;
  /** Manifest views (default console). */
  views?: string[];
  /** Manifest fields to set or override (sdkRange, loadTimeoutMs, …). */
  manifest?: Record<string, unknown>;
}

/** A plugin with one page and one menu entry, made with the host's own `definePlugin`. */
export function pagePlugin(id: string, text: string, className?: string): DropInPlugin {
  const definition = {
    id,
    i18nNamespace: id,
    routes: [{ path: `/console/${id}`, view: 'console', title: 'title' }],
    menus: [{ id, title: 'title', icon: 'pi pi-box', path: `/console/${id}` }],
  };
  return {
    id,
    title: `${id} title`,
    execute: `var d = ${JSON.stringify(definition)};
      d.routes[0].element = jsx('h2', { 'data-testid': ${JSON.stringify(`${id}-page`)}, className: ${JSON.stringify(className ?? '')}, children: ${JSON.stringify(text)} });
      _export('default', sdk.definePlugin(d));`,
  };
}

export function writeDropIn(dir: string, plugin: DropInPlugin): { url: string } {
  const body = `System.register(['@bastion/sdk', 'react/jsx-runtime'], function (_export) {
  var sdk, jsx, jsxs;
  return {
    setters: [function (m) { sdk = m; }, function (m) { jsx = m.jsx; jsxs = m.jsxs; }],
    execute: function () {
      ${plugin.execute}
    }
  };
});
`;
  const module = `index-${crypto.createHash('sha256').update(body).digest('hex').slice(0, 12)}.js`;
  const root = path.join(dir, plugin.id);
  fs.mkdirSync(path.join(root, 'locales'), { recursive: true });
  fs.writeFileSync(path.join(root, module), body);
  const title = plugin.title ?? plugin.id;
  for (const lng of ['zh', 'en', 'ja']) {
    fs.writeFileSync(
      path.join(root, 'locales', `${lng}.json`),
      JSON.stringify({ title, help: `${title} help (${lng})` }),
    );
  }
  const manifest = {
    id: plugin.id,
    version: '1.0.0',
    title: { zh: title, en: title, ja: title },
    hostRange: '^0.1.0',
    sdkRange: '^0.1.0',
    permissions: plugin.permissions ?? [],
    licenseRequired: false,
    views: plugin.views ?? ['console'],
    i18nNamespace: plugin.id,
    module,
    integrity: `sha384-${crypto.createHash('sha384').update(body).digest('base64')}`,
    ...plugin.manifest,
  };
  fs.writeFileSync(path.join(root, 'plugin.json'), JSON.stringify(manifest, null, 2));
  return { url: `/ui/plugins/${plugin.id}/${module}` };
}

/**
 * A plugin with pages in any view: each page shows its text and an uncontrolled input (whose typed value
 * survives only while the page is kept alive), plus one menu entry per page.
 */
export function viewPlugin(
  id: string,
  pages: Array<{
    path: string;
    view: string;
    text: string;
    affix?: boolean;
    noCache?: boolean;
    helpText?: string;
  }>,
  views: string[] = [...new Set(pages.map((p) => p.view))],
): DropInPlugin & { views: string[] } {
  const definition = {
    id,
    i18nNamespace: id,
    routes: pages.map((p) => ({
      path: p.path,
      view: p.view,
      title: 'title',
      affix: p.affix,
      noCache: p.noCache,
      helpText: p.helpText ? 'help' : undefined,
    })),
    menus: pages.map((p, i) => ({ id: `${id}-${i}`, title: 'title', icon: 'pi pi-box', path: p.path })),
  };
  const elements = pages
    .map(
      (p, i) => `d.routes[${i}].element = jsxs('div', { children: [
        jsx('h2', { 'data-testid': ${JSON.stringify(`${id}-${i}-page`)}, children: ${JSON.stringify(p.text)} }),
        jsx('input', { 'data-testid': ${JSON.stringify(`${id}-${i}-input`)} })] });`,
    )
    .join('\n');
  return {
    id,
    title: `${id} title`,
    views,
    execute: `var d = ${JSON.stringify(definition)};
      ${elements}
      _export('default', sdk.definePlugin(d));`,
  };
}
