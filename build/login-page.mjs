// The sign-in page's own files: one plain script (esbuild IIFE, no SystemJS, no shared modules) and one small
// stylesheet, so /core/auth/login/ is the page, its script and its stylesheet.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './shared-modules.mjs';
import { browserOptions } from './vendor.mjs';

const ENTRY = 'host/src/login/index.ts';
const CSS = 'host/public/login.css';

export async function buildLoginPage(output, dev) {
  const result = await esbuild.build({
    ...browserOptions(dev),
    format: 'iife',
    entryPoints: [path.join(root, ENTRY)],
    tsconfig: path.join(root, 'tsconfig.json'),
  });
  const bundled = result.metafile.inputs;
  const stray = Object.keys(bundled).filter((p) => p.includes('node_modules'));
  if (stray.length) throw new Error(`${ENTRY} must stay free of packages, but bundles ${stray.join(', ')}`);
  const css = await esbuild.transform(readFileSync(path.join(root, CSS), 'utf8'), {
    loader: 'css',
    minify: !dev,
  });
  return {
    js: output.writeHashed('libs', 'login', '.js', result.outputFiles[0].text, 'login page (script)'),
    css: output.writeHashed('css', 'login', '.css', css.code, 'login page (css)'),
  };
}
