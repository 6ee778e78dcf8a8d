// bastion-plugin dev: rebuilds on every change and serves the build on a loopback port, so a console started
// with BASTION_DEV_OVERRIDES=1 loads the module from here through import-map-overrides (PLUGINS.md "dev").
import { existsSync, readFileSync, watch } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8' };

/**
 * `build()` is the toolkit's build of the project (development mode, into `outRoot`). The server answers
 * `/<id>/index.js` with the current entry (its name changes with every build) and the other files as they are.
 */
export async function buildDevServer(projectDir, { build, outRoot, port = 5180, log = console.log }) {
  let current = await build();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [id, ...rest] = url.pathname.split('/').filter(Boolean);
    const name = rest.join('/');
    const file =
      id === current.manifest.id && name === 'index.js'
        ? path.join(current.dir, current.manifest.module)
        : path.join(outRoot, id ?? '', name);
    const inside = path.resolve(file).startsWith(path.resolve(outRoot) + path.sep);
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('cache-control', 'no-store');
    if (!inside || !existsSync(file) || rest.some((s) => s === '..')) {
      response.statusCode = 404;
      response.end('not found');
      return;
    }
    response.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    response.end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const entryUrl = `http://127.0.0.1:${address.port}/${current.manifest.id}/index.js`;
  log(`serving ${current.manifest.id} at ${entryUrl}`);
  log(
    `in the console's browser tab (server started with BASTION_DEV_OVERRIDES=1, plugin installed once):\n` +
      `  localStorage.setItem('import-map-override:@bastion-plugins/${current.manifest.id}', '${entryUrl}')\n` +
      `then reload the page after each rebuild.`,
  );
  let timer;
  const watchers = ['src', 'locales', 'plugin.json']
    .map((name) => path.join(projectDir, name))
    .filter((p) => existsSync(p))
    .map((p) =>
      watch(p, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(async () => {
          try {
            current = await build();
            log(`rebuilt ${current.manifest.module}`);
          } catch (error) {
            log(`rebuild failed: ${error.message}`);
          }
        }, 150);
      }),
    );
  return {
    url: entryUrl,
    close: () => {
      for (const w of watchers) w.close();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
