// A plugin project outside the repository: its folder, and what the installed @bastion/sdk package says about
// the console it is for (the shared ids a build keeps external, the SDK and console versions).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The nearest folder at or above `start` holding a plugin.json. */
export function findProject(start = process.cwd()) {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, 'plugin.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`no plugin.json in ${start} or above it: run this inside a plugin project`);
    dir = parent;
  }
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The @bastion/sdk package the project installed (the one it type-checks against). */
export function sdkOf(projectDir) {
  const require = createRequire(path.join(projectDir, 'package.json'));
  let file;
  try {
    file = require.resolve('@bastion/sdk/package.json');
  } catch {
    throw new Error(
      `${projectDir}: @bastion/sdk is not installed; npm install <console>/ui/packages/bastion-sdk.tgz (PLUGINS.md)`,
    );
  }
  const dir = path.dirname(file);
  const pkg = readJson(file);
  return {
    dir,
    version: pkg.version,
    consoleVersion: pkg.bastion?.consoleVersion ?? '0.0.0',
    ids: new Set(readJson(path.join(dir, 'shared-modules.json')).ids),
  };
}
