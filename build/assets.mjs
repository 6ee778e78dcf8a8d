// Static pieces of the console: the stylesheet (theme, PrimeFlex's used classes, PrimeIcons, our base) and
// all of PrimeFlex, the loader script,
// the two HTML pages and the host's locales.
import * as esbuild from 'esbuild';
import { PurgeCSS } from 'purgecss';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from './plugins.mjs';
import { root } from './shared-modules.mjs';

const PRIMEFLEX = 'primeflex/primeflex.min.css';
const CSS_ENTRY = [
  'primereact/resources/themes/lara-light-blue/theme.css',
  PRIMEFLEX,
  'primeicons/primeicons.css',
  './host/public/console.css',
]
  .map((p) => `@import ${JSON.stringify(p)};`)
  .join('\n');

/** Where our own class names are written: the host, the SDK, the built-in plugins, the server's pages. */
const CLASS_SOURCES = [
  'host/src/**/*.{ts,tsx}',
  'host/public/*.html',
  'sdk/src/**/*.{ts,tsx}',
  'plugins/*/src/**/*.{ts,tsx}',
  'server/src/**/*.ts',
];

/**
 * The PrimeFlex rules whose classes our own sources name (PurgeCSS over the sources' words, `md:col-6`
 * included): the page's stylesheet keeps only these, in PrimeFlex's order and place
 * (docs/first-view.md#the-stylesheet-of-the-first-view).
 */
async function usedPrimeflex() {
  const source = path.join(root, 'node_modules', PRIMEFLEX);
  const [result] = await new PurgeCSS().purge({
    content: CLASS_SOURCES.map((glob) => path.join(root, glob)),
    css: [source],
    defaultExtractor: (text) => text.match(/[\w:-]+/g) ?? [],
  });
  return result.css;
}

/** Serves `contents` for the file `id` resolves to, so the bundle takes a subset in the file's place. */
const replaceFile = (id, contents) => ({
  name: 'replace-file',
  setup(build) {
    const filter = new RegExp(`${id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
    build.onLoad({ filter }, () => ({ contents, loader: 'css' }));
  },
});

/**
 * The console's stylesheet with the PrimeFlex classes our sources use, and all of PrimeFlex in a file of its
 * own that the page enables once the first view is shown (for plugins' classes and any class the sources do
 * not spell out).
 */
export async function buildCss(output) {
  const primeflexUsed = await usedPrimeflex();
  const result = await esbuild.build({
    stdin: { contents: CSS_ENTRY, resolveDir: root, loader: 'css' },
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
    outdir: path.join(output.uiDir, 'css'),
    entryNames: 'console-[hash]',
    assetNames: 'assets/[name]-[hash]',
    loader: { '.woff': 'file', '.woff2': 'file', '.ttf': 'file', '.eot': 'file', '.svg': 'file' },
    plugins: [replaceFile(PRIMEFLEX, primeflexUsed)],
  });
  let css;
  for (const file of result.outputFiles) {
    const rel = path.relative(output.uiDir, file.path);
    const written = output.write(
      rel,
      Buffer.from(file.contents),
      rel.endsWith('.css') ? 'css (theme, primeflex used, primeicons)' : rel,
    );
    if (rel.endsWith('.css')) css = written;
  }
  const primeflex = output.writeHashed(
    'css',
    'primeflex',
    '.css',
    readFileSync(path.join(root, 'node_modules', PRIMEFLEX), 'utf8'),
    'css (primeflex, all of it, enabled after the first view)',
  );
  return { css, primeflex };
}

const stripSourceMap = (code) => code.replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');

export function writeLibs(output) {
  const read = (p) => stripSourceMap(readFileSync(path.join(root, p), 'utf8'));
  return {
    // One file, so the page needs one request before the host: SystemJS, its group-member extension and the
    // boot script that imports the entry named by the script tag.
    loader: output.writeHashed(
      'libs',
      'loader',
      '.js',
      [
        read('node_modules/systemjs/dist/system.min.js'),
        read('host/public/shared-groups.js'),
        read('host/public/boot.js'),
      ].join('\n'),
      'loader (systemjs, boot)',
    ),
    // Only ever linked from a page when the server runs with BASTION_DEV_OVERRIDES=1.
    overrides: output.writeHashed(
      'libs',
      'import-map-overrides',
      '.js',
      read('node_modules/import-map-overrides/dist/import-map-overrides.js'),
      'import-map-overrides (dev only)',
    ),
  };
}

export function writePages(output, { css, libs, login }) {
  const fill = (template) =>
    readFileSync(path.join(root, 'host/public', template), 'utf8')
      .replaceAll('%CSS%', css.css.url)
      .replaceAll('%CSS_INTEGRITY%', css.css.integrity)
      .replaceAll('%PRIMEFLEX_CSS%', css.primeflex.url)
      .replaceAll('%PRIMEFLEX_CSS_INTEGRITY%', css.primeflex.integrity)
      .replaceAll('%LOADER%', libs.loader.url)
      .replaceAll('%LOADER_INTEGRITY%', libs.loader.integrity)
      .replaceAll('%LOGIN_CSS%', login.css.url)
      .replaceAll('%LOGIN_CSS_INTEGRITY%', login.css.integrity)
      .replaceAll('%LOGIN_JS%', login.js.url)
      .replaceAll('%LOGIN_JS_INTEGRITY%', login.js.integrity);
  // Our icon, the last candidate of the favicon slot of the public settings (server/src/settings).
  output.write('img/bastion-favicon.svg', readFileSync(path.join(root, 'host/public/favicon.svg')));
  output.write('index.html', fill('index.html'));
  output.write('login.html', fill('login.html'));
}

export function writeHostLocales(output) {
  for (const lng of LANGUAGES) {
    const file = path.join(root, 'host/locales', `${lng}.json`);
    output.write(
      path.join('locales', lng, 'host.json'),
      JSON.stringify(JSON.parse(readFileSync(file, 'utf8'))),
    );
  }
}
