// The API server bundled into one file; npm packages stay external (better-sqlite3 is native).
import * as esbuild from 'esbuild';
import path from 'node:path';
import { root } from './shared-modules.mjs';

export async function buildServer(distDir) {
  await esbuild.build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile: path.join(distDir, 'server/main.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'silent',
    tsconfig: path.join(root, 'tsconfig.json'),
  });
}
