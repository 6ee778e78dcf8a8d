// @vitest-environment node
// create-bastion-plugin (PLUGINS.md "From zero to a plugin"): a scaffold whose package.json names the SDK and
// the toolkit as a given console serves them, so `npm install` alone fetches both; a bad address is refused.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CREATE = path.resolve(
  import.meta.dirname,
  '../../../packages/plugin-toolkit/src/create-bastion-plugin.mjs',
);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function workDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-create-'));
  dirs.push(dir);
  return dir;
}

describe('create-bastion-plugin --console', () => {
  it("writes the console's package addresses into the project and says npm install is enough", () => {
    const cwd = workDir();
    const output = execFileSync(
      process.execPath,
      [CREATE, 'my-area', '--console', 'http://127.0.0.1:8080/ui/'],
      { cwd, encoding: 'utf8' },
    );
    const project = JSON.parse(fs.readFileSync(path.join(cwd, 'my-area', 'package.json'), 'utf8'));
    expect(project.devDependencies).toEqual({
      '@bastion/sdk': 'http://127.0.0.1:8080/ui/packages/bastion-sdk.tgz',
      '@bastion/plugin-toolkit': 'http://127.0.0.1:8080/ui/packages/bastion-plugin-toolkit.tgz',
    });
    expect(output).toMatch(/\n {2}npm install\n/);
  });

  it('without it, names the packages to install by hand', () => {
    const cwd = workDir();
    const output = execFileSync(process.execPath, [CREATE, 'other-area'], { cwd, encoding: 'utf8' });
    const project = JSON.parse(fs.readFileSync(path.join(cwd, 'other-area', 'package.json'), 'utf8'));
    expect(project.devDependencies).toBeUndefined();
    expect(output).toContain('npm install <console>/ui/packages/bastion-sdk.tgz');
  });

  it('refuses an address that is not http(s), creating nothing', () => {
    const cwd = workDir();
    const run = spawnSync(process.execPath, [CREATE, 'bad-area', '--console', 'ftp://host'], {
      cwd,
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('must be an http or https address');
    expect(fs.existsSync(path.join(cwd, 'bad-area'))).toBe(false);
  });
});
