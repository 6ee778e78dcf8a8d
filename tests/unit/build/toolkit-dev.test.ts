// @vitest-environment node
// bastion-plugin dev (docs/sdk-package.md "Developing against a running console"): the current build's entry
// at a stable address for an import-map override, rebuilt when a source changes, nothing outside its folder.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDevServer } from '../../../packages/plugin-toolkit/src/dev.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('bastion-plugin dev', () => {
  it('serves the latest entry at /<id>/index.js and rebuilds on a change', async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'bastion-dev-'));
    dirs.push(project);
    fs.mkdirSync(path.join(project, 'src'));
    fs.writeFileSync(path.join(project, 'src', 'index.tsx'), 'one');
    const outRoot = path.join(project, 'dist-dev');
    let builds = 0;
    // Stands in for the toolkit's build: writes a differently named entry each time, like content hashing.
    const build = async () => {
      builds += 1;
      const dir = path.join(outRoot, 'demo');
      fs.mkdirSync(dir, { recursive: true });
      const module = `index-${builds}.js`;
      fs.writeFileSync(
        path.join(dir, module),
        `build ${builds}: ${fs.readFileSync(path.join(project, 'src', 'index.tsx'), 'utf8')}`,
      );
      return { dir, manifest: { id: 'demo', module } };
    };
    const server = await buildDevServer(project, { build, outRoot, port: 0, log: () => undefined });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/demo\/index\.js$/);
      const first = await fetch(server.url);
      expect(first.headers.get('access-control-allow-origin')).toBe('*');
      expect(await first.text()).toBe('build 1: one');
      fs.writeFileSync(path.join(project, 'src', 'index.tsx'), 'two');
      await expect.poll(async () => (await fetch(server.url)).text()).toBe('build 2: two');
      // A file of the build by its own name, and nothing outside the output folder.
      expect(await (await fetch(server.url.replace('index.js', 'index-1.js'))).text()).toBe('build 1: one');
      // Raw request paths, as a client that does not normalise them sends them.
      const { hostname, port } = new URL(server.url);
      const raw = (target: string) =>
        new Promise<number | undefined>((resolve, reject) =>
          http
            .get({ hostname, port, path: target }, (res) => resolve(res.resume().statusCode))
            .on('error', reject),
        );
      expect(await raw('/demo/index-1.js')).toBe(200);
      expect(await raw('/demo/../../src/index.tsx')).toBe(404);
      expect(await raw('/demo/..%2f..%2fsrc/index.tsx')).toBe(404);
    } finally {
      await server.close();
    }
  });
});
