// npm run dev: the server runs beside the build (with import-map-overrides enabled); a changed plugin is
// rebuilt alone and shows up on the next page load, other changes rebuild the console or restart the server.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import path from 'node:path';
import { buildAll, distDir } from './build-all.mjs';
import { Output, printReport } from './output.mjs';
import { buildPlugin, pluginsDir } from './plugins.mjs';
import { buildServer } from './server-bundle.mjs';
import { root } from './shared-modules.mjs';

function startServer() {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(distDir, 'server/main.js')], {
    stdio: 'inherit',
    env: { BASTION_DEV_OVERRIDES: '1', ...process.env },
  });
  return child;
}

/** Collapse bursts of file events (editors write several times) into one rebuild per target. */
function debounced(fn, ms = 150) {
  const timers = new Map();
  return (key) => {
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => fn(key), ms),
    );
  };
}

export async function startWatch(ids) {
  let server = startServer();
  const restartServer = () =>
    new Promise((resolve) => {
      server.once('exit', () => {
        server = startServer();
        resolve();
      });
      server.kill('SIGTERM');
    });

  const rebuild = debounced(async (target) => {
    const started = performance.now();
    try {
      if (target.startsWith('plugin:')) {
        const output = new Output(path.join(distDir, 'ui'));
        await buildPlugin(target.slice('plugin:'.length), { ids, output, dev: true });
        await output.flush();
        printReport(output.modules, (performance.now() - started) / 1000);
      } else if (target === 'server') {
        await buildServer(distDir);
        await restartServer();
        console.log('server rebuilt and restarted');
      } else {
        await buildAll({ dev: true });
      }
    } catch (error) {
      console.error(`rebuild of ${target} failed: ${error.message ?? error}`);
    }
  });

  watch(pluginsDir, { recursive: true }, (_event, file) => {
    if (file) rebuild(`plugin:${file.split(path.sep)[0]}`);
  });
  for (const dir of ['sdk', 'host'])
    watch(path.join(root, dir), { recursive: true }, () => rebuild('console'));
  watch(path.join(root, 'server'), { recursive: true }, () => rebuild('server'));
  console.log('watching plugins/, sdk/, host/ and server/ for changes');
  process.on('SIGINT', () => {
    server.kill('SIGTERM');
    process.exit(0);
  });
}
