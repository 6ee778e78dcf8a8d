// create-bastion-plugin <id> [folder]: a plugin project with a manifest, an entry, the three locales, a
// tsconfig and one CRUD page, ready for `bastion-plugin build` once @bastion/sdk and the toolkit are installed.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

function main() {
  const [id, folder = id] = process.argv.slice(2);
  if (!id || id === '--help' || id === '-h') {
    console.log('usage: create-bastion-plugin <id> [folder]');
    return;
  }
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
  console.log(`created ${dir}
next:
  cd ${path.relative(process.cwd(), dir) || '.'}
  npm install <console>/ui/packages/bastion-sdk.tgz <console>/ui/packages/bastion-plugin-toolkit.tgz
  npm run build      # then copy dist/${id}/ into the console's BASTION_PLUGINS_DIR`);
}

try {
  main();
} catch (error) {
  console.error(`create-bastion-plugin: ${error.message}`);
  process.exitCode = 1;
}
