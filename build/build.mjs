// npm run build: the whole of dist/. `--watch` (npm run dev) then rebuilds what changes and runs the server
// beside it.
import { buildAll } from './build-all.mjs';
import { root } from './shared-modules.mjs';

process.chdir(root);
const watch = process.argv.includes('--watch');
try {
  const { ids } = await buildAll({ dev: watch });
  if (watch) {
    const { startWatch } = await import('./watch.mjs');
    await startWatch(ids);
  }
} catch (error) {
  console.error(`\nbuild failed: ${error.message ?? error}`);
  process.exit(1);
}
