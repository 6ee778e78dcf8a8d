// npm run build: the whole of dist/. `--if-changed` (npm start, npm run seed, npm run admin) skips the build
// when dist/ was built from exactly the current sources (build/input-stamp.mjs). `--watch` (npm run dev)
// then rebuilds what changes and runs the server beside it.
import { clearStamp, inputsDigest, isUpToDate, writeStamp } from './input-stamp.mjs';

const watch = process.argv.includes('--watch');
const digest = inputsDigest();
if (process.argv.includes('--if-changed') && !watch && isUpToDate(digest)) {
  console.log('dist/ is up to date with the sources: no build needed (npm run build forces one).');
  process.exit(0);
}

// Loaded only when building: a start that skips the build does not pay for esbuild and the rest.
const { buildAll } = await import('./build-all.mjs');
const { root } = await import('./shared-modules.mjs');
process.chdir(root);
try {
  clearStamp();
  const { ids } = await buildAll({ dev: watch });
  // A watch build is a development build, never what `npm start` should serve as is.
  if (!watch) writeStamp(digest);
  if (watch) {
    const { startWatch } = await import('./watch.mjs');
    await startWatch(ids);
  }
} catch (error) {
  console.error(`\nbuild failed: ${error.message ?? error}`);
  process.exit(1);
}
