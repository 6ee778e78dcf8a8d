// First-run set-up behind the README's two commands, so that a fresh clone needs nothing else:
//   --start  installs the npm dependencies when they are missing or older than the lockfile;
//   --test   does the same and makes sure Debian's Chromium (browser tests) and PostgreSQL server
//            (the api suite's second backend) are there.
// Only Node built-ins here: this runs before node_modules exists.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.BASTION_CHROMIUM ?? '/usr/bin/chromium';

function run(cmd, args) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
}

function dependenciesCurrent() {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(installed)) return false;
  return !existsSync(lock) || statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
}

function ensureDependencies() {
  if (dependenciesCurrent()) return;
  // better-sqlite3 compiles from source here (about a minute): say so, people wait better when told.
  console.log('Installing dependencies (first run; better-sqlite3 compiles from source, about a minute)…');
  run(
    'npm',
    existsSync(path.join(root, 'package-lock.json')) ? ['ci', '--no-audit', '--no-fund'] : ['install'],
  );
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `The browser tests need Chromium at ${CHROMIUM}.\n` +
        'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or point BASTION_CHROMIUM at a Chromium binary), then run npm test again.',
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian for the browser tests…');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium']);
}

/** Debian's server binaries (`/usr/lib/postgresql/<version>/bin`); the tests start their own cluster. */
function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')));
}

function ensurePostgres() {
  if (postgresInstalled()) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'The api tests also run on PostgreSQL, whose server is missing.\n' +
        'Install it with:  sudo apt-get update && sudo apt-get install -y postgresql\n' +
        '(the tests start their own throw-away cluster; nothing is configured), then run npm test again.',
    );
    process.exit(1);
  }
  console.log('Installing the PostgreSQL server from Debian for the api tests…');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql', 'postgresql-contrib']);
}

const mode = process.argv[2];
ensureDependencies();
if (mode === '--test') {
  ensureChromium();
  ensurePostgres();
}
