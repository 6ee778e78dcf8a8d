// An outside author's whole path (PLUGINS.md "From zero to a plugin"): the SDK and toolkit tarballs fetched from
// a running console, installed without a registry in a folder outside the repository, a plugin scaffolded,
// type-checked and built with the toolkit, signed, dropped into the console and used in Chromium; then developed
// further with `bastion-plugin dev` against that running console (PLUGINS.md "Developing against a running
// console").
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publicKeyBase64 } from '../../sdk/plugin-format/signature.mjs';
import { SDK_VERSION } from '../../sdk/src/version';
import { Client } from '../api/harness';
import { WAIT_MS } from '../support/wait.mjs';
import { ADMIN_PASSWORD, apiJson, consoleForFile, newPage, signIn } from './harness';
import { writeOfflineProject } from './offline-install';

const author = crypto.generateKeyPairSync('ed25519');
const c = consoleForFile([], { pluginTrustedKeys: [publicKeyBase64(author.publicKey)], devOverrides: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-outside-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const PACKAGES = ['bastion-sdk.tgz', 'bastion-plugin-toolkit.tgz'];

/** Runs a command in `cwd`; resolves with its output and exit code (never rejects on a non-zero exit). */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const bin = (name: string) => path.join(work, 'node_modules', '.bin', name);

describe('a plugin made outside the repository with the SDK package and the toolkit', () => {
  it('is scaffolded, checked, built, signed and dropped into a running console, and works there', async () => {
    expect(path.relative(path.resolve(import.meta.dirname, '../..'), work).startsWith('..')).toBe(true);
    // The packages come from the console itself, to anybody: they hold no secret (docs/sdk-package.md).
    for (const name of PACKAGES) {
      const response = await fetch(`${c.baseUrl}/ui/packages/${name}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      fs.writeFileSync(path.join(work, name), Buffer.from(await response.arrayBuffer()));
    }
    writeOfflineProject(work, PACKAGES);
    const install = await run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], work);
    expect(install.output).not.toMatch(/npm error/);
    expect(install.code).toBe(0);

    const created = await run(process.execPath, [bin('create-bastion-plugin'), 'outside-groups'], work);
    expect(created.code).toBe(0);
    const project = path.join(work, 'outside-groups');
    for (const file of [
      'plugin.json',
      'src/index.tsx',
      'tsconfig.json',
      'locales/zh.json',
      'locales/ja.json',
    ])
      expect(fs.existsSync(path.join(project, file))).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'plugin.json'), 'utf8'));
    // The scaffold asks for the SDK version the console serves.
    expect(manifest).toMatchObject({
      id: 'outside-groups',
      sdkRange: `^${SDK_VERSION}`,
      entry: 'src/index.tsx',
    });

    // check: a type error against the SDK's typings fails; a key missing in one language is a warning.
    const entry = path.join(project, 'src', 'index.tsx');
    const source = fs.readFileSync(entry, 'utf8');
    fs.writeFileSync(entry, source.replace("icon: 'pi pi-box'", "icon: 'pi pi-box', order: 'first'"));
    const ja = path.join(project, 'locales', 'ja.json');
    const jaText = fs.readFileSync(ja, 'utf8');
    const jaLocale = JSON.parse(jaText);
    delete jaLocale.items.detail;
    fs.writeFileSync(ja, JSON.stringify(jaLocale));
    const failed = await run(process.execPath, [bin('bastion-plugin'), 'check'], project);
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('locales/ja.json: "items.detail" is missing');
    expect(failed.output).toMatch(/src\/index\.tsx\(\d+,\d+\): error TS2322/);
    fs.writeFileSync(entry, source);
    fs.writeFileSync(ja, jaText);

    // build: the console's output format, signed with the author's key, straight into the drop-in folder.
    const keyFile = path.join(work, 'author.key');
    fs.writeFileSync(keyFile, author.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const built = await run(
      process.execPath,
      [bin('bastion-plugin'), 'build', '--out', c.pluginsDir, '--sign', keyFile],
      project,
    );
    expect(built.output).toContain('✓ built outside-groups 0.1.0');
    expect(built.code).toBe(0);
    const dropped = JSON.parse(
      fs.readFileSync(path.join(c.pluginsDir, 'outside-groups', 'plugin.json'), 'utf8'),
    );
    expect(dropped.module).toMatch(/^index-[0-9a-f]{12}\.js$/);
    expect(dropped.integrity).toMatch(/^sha384-/);
    expect(fs.existsSync(path.join(c.pluginsDir, 'outside-groups', 'plugin.sig'))).toBe(true);

    // Real data behind the scaffolded CRUD page.
    const admin = new Client(c.baseUrl);
    await admin.login('admin', ADMIN_PASSWORD);
    await apiJson(admin, 'POST', '/api/v1/users/groups/', { name: 'Made outside', comment: 'by an author' });

    const page = await newPage(c);
    await signIn(c, page, 'admin', ADMIN_PASSWORD);
    await page.click('[data-testid="menu-outside-groups"]');
    await page.waitForURL(/\/ui\/console\/outside-groups/);
    await page.getByText('Made outside').waitFor();
    expect(await page.textContent('body')).toContain('by an author');
    expect(c.logLines.filter((line) => line.includes('outside-groups'))).toEqual([]);

    // The admin page lists it as installed from the drop-in folder, signed by the author's key.
    await page.goto(`${c.baseUrl}/ui/settings/plugins`);
    const row = page.locator('[data-testid="plugin-row-dropin-outside-groups"]');
    await row.waitFor();
    expect(await row.getAttribute('data-state')).toBe('installed');
    await page.context().close();
  }, 300_000);

  it('is developed with `bastion-plugin dev`: the console loads the dev build through an import-map override and shows a rebuild after a reload', async () => {
    const project = path.join(work, 'outside-groups');
    expect(fs.existsSync(path.join(project, 'plugin.json'))).toBe(true);
    const dev = spawn(process.execPath, [bin('bastion-plugin'), 'dev', '--port', '0'], { cwd: project });
    let output = '';
    dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect.poll(() => output, { timeout: WAIT_MS }).toMatch(/serving outside-groups at /);
      const entryUrl =
        /serving outside-groups at (http:\/\/127\.0\.0\.1:\d+\/outside-groups\/index\.js)/.exec(output)?.[1];
      expect(entryUrl).toBeTruthy();
      const devOrigin = new URL(entryUrl as string).origin;

      const page = await newPage(c);
      const fromDevServer: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().startsWith(devOrigin)) fromDevServer.push(request.url());
      });
      await signIn(c, page, 'admin', ADMIN_PASSWORD);
      const menuIcon = page.locator('[data-testid="menu-outside-groups"] .pi');
      await expect.poll(() => menuIcon.getAttribute('class')).toContain('pi-box');
      expect(fromDevServer).toEqual([]);

      // The override, as PLUGINS.md tells the author to set it; the page now runs the dev build.
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: 'import-map-override:@bastion-plugins/outside-groups',
        value: entryUrl as string,
      });
      await page.reload();
      await page.click('[data-testid="menu-outside-groups"]');
      await page.getByText('Made outside').waitFor();
      expect(fromDevServer).toContain(entryUrl);

      // An edit of the source is rebuilt by the dev server and shows after a reload, without reinstalling.
      const entry = path.join(project, 'src', 'index.tsx');
      const rebuilds = (output.match(/rebuilt /g) ?? []).length;
      fs.writeFileSync(
        entry,
        fs.readFileSync(entry, 'utf8').replace("icon: 'pi pi-box'", "icon: 'pi pi-star'"),
      );
      await expect
        .poll(() => (output.match(/rebuilt /g) ?? []).length, { timeout: WAIT_MS })
        .toBeGreaterThan(rebuilds);
      await page.reload();
      await expect.poll(() => menuIcon.getAttribute('class')).toContain('pi-star');
      await page.getByText('Made outside').waitFor();
      expect(page.errors).toEqual([]);
      await page.context().close();
    } finally {
      dev.kill();
    }
  }, 300_000);
});
