// Is dist/ the build of the sources as they are now? `npm start` asks before building, so that a start with
// nothing changed skips the build. The answer is a digest of the content of every build input — not of
// modification times, which a checkout or a copy changes without changing a byte. Only Node built-ins here:
// the check runs before the build's own modules are loaded, to keep a warm start fast.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist');

/** What the build reads: its own code, the sources, the shared-module contract and the dependency lock. */
export const BUILD_INPUTS = [
  'build',
  'sdk',
  'host',
  'plugins',
  'packages',
  'server',
  'importmap.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

/** Written last by a successful full build, removed first by every build: a half-built dist/ has none. */
const STAMP_NAME = 'build-stamp.json';

/** Files that a usable dist/ holds whatever else the build writes: the server and the console's root. */
const OUTPUTS = ['server/main.js', 'ui'];

function filesUnder(base, relative, into) {
  const full = path.join(base, relative);
  if (!existsSync(full)) return;
  const entries = readdirSync(full, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) filesUnder(base, child, into);
    else if (entry.isFile()) into.push(child);
  }
}

function inputFiles(base) {
  const files = [];
  for (const input of BUILD_INPUTS) {
    const full = path.join(base, input);
    if (!existsSync(full)) continue;
    if (input.includes('.')) files.push(input);
    else filesUnder(base, input, files);
  }
  return files;
}

/** sha256 over every input file's path and bytes, in a fixed order (`base`: the repository). */
export function inputsDigest(base = root) {
  const hash = createHash('sha256');
  for (const file of inputFiles(base)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp(dist) {
  try {
    return JSON.parse(readFileSync(path.join(dist, STAMP_NAME), 'utf8'));
  } catch {
    return null;
  }
}

/** True when the last full production build was made from exactly these inputs and its output is there. */
export function isUpToDate(digest, dist = distDir) {
  const stamp = readStamp(dist);
  if (stamp?.inputs !== digest) return false;
  return OUTPUTS.every((output) => existsSync(path.join(dist, output)));
}

export function clearStamp(dist = distDir) {
  rmSync(path.join(dist, STAMP_NAME), { force: true });
}

/** `digest` is taken before the build starts: an edit made during the build makes the next start rebuild. */
export function writeStamp(digest, dist = distDir) {
  writeFileSync(
    path.join(dist, STAMP_NAME),
    `${JSON.stringify({ inputs: digest, builtAt: new Date().toISOString() })}\n`,
  );
}
