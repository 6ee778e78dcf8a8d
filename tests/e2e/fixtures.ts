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
}

/** A plugin with one page and one menu entry, made with the host's own `definePlugin`. */
export function pagePlugin(id: string, text: string): DropInPlugin {
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
      d.routes[0].element = jsx('h2', { 'data-testid': ${JSON.stringify(`${id}-page`)}, children: ${JSON.stringify(text)} });
      _export('default', sdk.definePlugin(d));`,
  };
}

export function writeDropIn(dir: string, plugin: DropInPlugin): { url: string } {
  const body = `System.register(['@bastion/sdk', 'react/jsx-runtime'], function (_export) {
  var sdk, jsx;
  return {
    setters: [function (m) { sdk = m; }, function (m) { jsx = m.jsx; }],
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
    fs.writeFileSync(path.join(root, 'locales', `${lng}.json`), JSON.stringify({ title }));
  }
  const manifest = {
    id: plugin.id,
    version: '1.0.0',
    title: { zh: title, en: title, ja: title },
    hostRange: '^0.1.0',
    sdkRange: '^0.1.0',
    permissions: plugin.permissions ?? [],
    licenseRequired: false,
    views: ['console'],
    i18nNamespace: plugin.id,
    module,
    integrity: `sha384-${crypto.createHash('sha384').update(body).digest('base64')}`,
  };
  fs.writeFileSync(path.join(root, 'plugin.json'), JSON.stringify(manifest, null, 2));
  return { url: `/ui/plugins/${plugin.id}/${module}` };
}
