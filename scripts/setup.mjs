// First-run set-up behind the README's two commands, so that a fresh clone needs nothing else:
//   --start  installs the npm dependencies when they are missing or older than the lockfile;
//   --test   does the same and makes sure Debian's Chromium (browser tests), PostgreSQL server (the api
//            suite's second backend), OpenSSH server (the SSH test hosts), slapd and FreeRADIUS are there.
// Only Node built-ins here: this runs before node_modules exists.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const CHROMIUM = process.env.BASTION_CHROMIUM ?? '/usr/bin/chromium';

function run(cmd, args) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
}

/**
 * Every package of the lockfile is installed at its locked version (npm's record of node_modules, its hidden
 * lockfile, says so). Packages for other systems are optional and absent, which is fine.
 */
function installedAsLocked(installedFile, lockFile) {
  try {
    const installed = JSON.parse(readFileSync(installedFile, 'utf8')).packages ?? {};
    const locked = JSON.parse(readFileSync(lockFile, 'utf8')).packages ?? {};
    return Object.entries(locked).every(([key, entry]) => {
      if (key === '' || entry.link) return true;
      const have = installed[key];
      if (have === undefined) return entry.optional === true || entry.devOptional === true;
      return have.version === entry.version;
    });
  } catch {
    return false;
  }
}

function dependenciesCurrent() {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (!existsSync(installed)) return false;
  if (!existsSync(lock) || statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return true;
  // A checkout or a copied node_modules makes the lockfile look newer without a change: compare contents.
  return installedAsLocked(installed, lock);
}

/** How often a long, quiet install step says it is still at work. */
const HEARTBEAT_MS = 15_000;

/**
 * Runs the npm install and turns its log into a few lines of progress: downloads so far, each install script
 * as it starts, the native compile file by file, a heartbeat while a step is long, the total time at the end.
 * The full log is kept and printed only when the install fails.
 */
function installWithProgress(args) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  const say = (text) => console.log(`  [${String(seconds()).padStart(3)} s] ${text}`);
  let fetched = 0;
  let phase = 'fetching packages';
  let scriptOf = 'a package';
  let fetchingOnly = true;
  let lastSaid = Date.now();
  const log = [];
  const onLine = (line) => {
    log.push(line);
    if (/^npm http fetch /.test(line)) fetched += 1;
    const script = /^> (\S+)@\S+ (preinstall|install|postinstall)$/.exec(line);
    // node-gyp's make output: "  CC(target) Release/obj.target/sqlite3/gen/sqlite3/sqlite3.o"
    const native = /^\s+(CC|CXX|SOLINK_MODULE)\(target\) \S*?([^/\s]+?)(?:\.o|\.node)?$/.exec(line);
    if (script || native) fetchingOnly = false;
    if (script) {
      scriptOf = script[1];
      phase =
        script[1] === 'better-sqlite3'
          ? 'better-sqlite3: installing the SQLite driver (compiled from source when no binary fits: 2 minutes or more)'
          : `${script[1]}: running its ${script[2]} script`;
    } else if (native) {
      phase = `${scriptOf}: ${native[1] === 'SOLINK_MODULE' ? 'linking' : 'compiling'} ${native[2]}`;
    } else return;
    say(phase);
    lastSaid = Date.now();
  };
  const heartbeat = setInterval(() => {
    if (Date.now() - lastSaid < HEARTBEAT_MS) return;
    say(fetchingOnly ? `fetching packages (${fetched} downloads so far)` : `${phase} (still at it)`);
    lastSaid = Date.now();
  }, 1000);
  console.log(`> npm ${args.join(' ')}`);
  const child = spawn('npm', [...args, '--foreground-scripts', '--loglevel=http'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(heartbeat);
      if (code === 0) {
        say(`dependencies installed (${fetched} downloads)`);
        resolve();
        return;
      }
      console.error(log.filter((line) => !/^npm http fetch /.test(line)).join('\n'));
      console.error(`\nnpm ${args[0]} failed (exit code ${code}) after ${seconds()} s; its log is above.`);
      process.exit(1);
    });
  });
}

async function ensureDependencies() {
  if (dependenciesCurrent()) return;
  // Minutes of silence look like a hang: say what is coming, then show progress as it happens.
  console.log(
    'Installing dependencies (first run, or package-lock.json changed): a few minutes, most of it compiling\n' +
      'the SQLite driver (better-sqlite3) when it has no prebuilt binary for this system. Progress follows.',
  );
  await installWithProgress(
    existsSync(path.join(root, 'package-lock.json')) ? ['ci', '--no-audit', '--no-fund'] : ['install'],
  );
}

/**
 * A Debian package the tests need: nothing when `present`, installed with apt-get when we are root,
 * otherwise a message with the command and exit 1.
 */
function ensureDebianPackages({ present, packages, installing, missing, note }) {
  if (present) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `${missing}\n` +
        `Install it with:  sudo apt-get update && sudo apt-get install -y ${packages[0]}\n` +
        `${note}, then run npm test again.`,
    );
    process.exit(1);
  }
  console.log(installing);
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...packages]);
}

/** Debian's server binaries (`/usr/lib/postgresql/<version>/bin`); the tests start their own cluster. */
function postgresInstalled() {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')));
}

function ensureTestPackages() {
  ensureDebianPackages({
    present: existsSync(CHROMIUM),
    packages: ['chromium'],
    installing: 'Installing Chromium from Debian for the browser tests…',
    missing: `The browser tests need Chromium at ${CHROMIUM}.`,
    note: '(or point BASTION_CHROMIUM at a Chromium binary)',
  });
  ensureDebianPackages({
    present: postgresInstalled(),
    packages: ['postgresql', 'postgresql-contrib'],
    installing: 'Installing the PostgreSQL server from Debian for the api tests…',
    missing: 'The api tests also run on PostgreSQL, whose server is missing.',
    note: '(the tests start their own throw-away cluster; nothing is configured)',
  });
  // The tests start their own hosts in private namespaces (tests/support/ssh-hosts.mjs).
  ensureDebianPackages({
    present: existsSync('/usr/sbin/sshd'),
    packages: ['openssh-server'],
    installing: 'Installing the OpenSSH server from Debian for the SSH tests…',
    missing: 'The SSH tests run real OpenSSH servers, whose package is missing.',
    note: '(the tests start their own servers in private namespaces; the system service is not used)',
  });
  // Pushing a system user as a non-root admin user runs the push through sudo on the test hosts.
  ensureDebianPackages({
    present: existsSync('/usr/bin/sudo'),
    packages: ['sudo'],
    installing: 'Installing sudo from Debian for the SSH tests…',
    missing: 'The SSH tests push system users through sudo, which is missing.',
    note: "(only inside the test hosts' private namespaces, with their own sudoers)",
  });
  // The directory tests start their own slapd in a temporary directory (tests/support/ldap-server.mjs).
  ensureDebianPackages({
    present: existsSync('/usr/sbin/slapd') && existsSync('/usr/bin/ldapsearch'),
    packages: ['slapd', 'ldap-utils'],
    installing: 'Installing the OpenLDAP server from Debian for the directory tests…',
    missing: 'The directory tests run a real OpenLDAP server, whose package is missing.',
    note: '(the tests start their own slapd on a loopback port; the system service is not used)',
  });
  // The RADIUS tests start their own FreeRADIUS in a temporary directory (tests/support/radius-server.mjs).
  ensureDebianPackages({
    present: existsSync('/usr/sbin/freeradius'),
    packages: ['freeradius'],
    installing: 'Installing FreeRADIUS from Debian for the RADIUS sign-in tests…',
    missing: 'The RADIUS tests run a real FreeRADIUS server, whose package is missing.',
    note: '(the tests start their own server on a loopback port; the system service is not used)',
  });
}

const mode = process.argv[2];
await ensureDependencies();
if (mode === '--test') ensureTestPackages();
