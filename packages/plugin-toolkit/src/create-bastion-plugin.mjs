// create-bastion-plugin <id> [folder] [--console <url>]: a plugin project with a manifest, an entry, the three
// locales, a tsconfig and one CRUD page, ready for `bastion-plugin build` once @bastion/sdk and the toolkit are
// installed. With --console the project's package.json names the two packages as that console serves them, so
// `npm install` alone fetches them.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { schema } from '../../../sdk/plugin-format/validate.mjs';
import { sdkOf } from './project.mjs';

const PLUGIN_ID = new RegExp(schema.$defs.id.pattern);
const templates = path.join(import.meta.dirname, '..', 'templates');

function copyTree(from, to, fill) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const source = path.join(from, name);
    // npm pack drops files named .gitignore; the template is stored without the dot.
    const target = path.join(to, name === 'gitignore' ? '.gitignore' : name);
    if (statSync(source).isDirectory()) copyTree(source, target, fill);
    else writeFileSync(target, fill(readFileSync(source, 'utf8')));
  }
}

/** "my-area" -> "My area" */
const titleOf = (id) => id.charAt(0).toUpperCase() + id.slice(1).replace(/-/g, ' ');

const PACKAGES = {
  '@bastion/sdk': 'bastion-sdk.tgz',
  '@bastion/plugin-toolkit': 'bastion-plugin-toolkit.tgz',
};

/** The console's address as given (`http(s)://host[:port]`, no path), or an error saying what is wrong. */
function consoleOrigin(value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`--console "${value}" is not an address like http://127.0.0.1:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--console "${value}" must be an http or https address`);
  return url.origin;
}

function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { console: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [id, folder = id] = positionals;
  if (!id || values.help) {
    console.log('usage: create-bastion-plugin <id> [folder] [--console http://host:port]');
    return;
  }
  const origin = values.console === undefined ? null : consoleOrigin(values.console);
  if (!PLUGIN_ID.test(id))
    throw new Error(
      `"${id}" is not a plugin id: lower-case letters, digits and -, 2–50 characters, starting with a letter`,
    );
  const dir = path.resolve(folder);
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${dir} exists and is not empty`);
  // Ranges for the console the installed SDK belongs to, when it is installed already; else the SDK's first.
  let versions = { sdk: '0.1.0', console: '0.1.0' };
  try {
    const sdk = sdkOf(path.dirname(dir));
    versions = { sdk: sdk.version, console: sdk.consoleVersion };
  } catch {
    // not installed yet: the defaults above
  }
  const fill = (text) =>
    text
      .replaceAll('__ID__', id)
      .replaceAll('__TITLE__', titleOf(id))
      .replaceAll('__SDK_RANGE__', `^${versions.sdk}`)
      .replaceAll('__HOST_RANGE__', `^${versions.console}`);
  copyTree(templates, dir, fill);
  const urls = Object.values(PACKAGES).map((file) => `${origin ?? '<console>'}/ui/packages/${file}`);
  if (origin) {
    const manifest = path.join(dir, 'package.json');
    const project = JSON.parse(readFileSync(manifest, 'utf8'));
    project.devDependencies = Object.fromEntries(Object.keys(PACKAGES).map((name, i) => [name, urls[i]]));
    writeFileSync(manifest, `${JSON.stringify(project, null, 2)}\n`);
  }
  console.log(`created ${dir}
next:
  cd ${path.relative(process.cwd(), dir) || '.'}
  ${origin ? 'npm install' : `npm install ${urls.join(' ')}`}
  npm run build      # then copy dist/${id}/ into the console's BASTION_PLUGINS_DIR`);
}

try {
  main();
} catch (error) {
  console.error(`create-bastion-plugin: ${error.message}`);
  process.exitCode = 1;
}
