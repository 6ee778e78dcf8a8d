// A throw-away PostgreSQL for tests and benchmarks: Debian's server binaries (installed by
// scripts/setup.mjs), a fresh cluster in a temporary directory, listening on a free loopback port only,
// trust authentication for one user, stopped and removed by stop(). PostgreSQL refuses to run as root, so
// under root the cluster belongs to the `postgres` system user the Debian package creates (runuser).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.mjs';

const USER = 'bastion';

/** The newest installed server's bin directory, or null. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], 'bin');
  }
  const found = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = found.status === 0 ? found.stdout.trim() : '';
  return dir && existsSync(path.join(dir, 'pg_ctl')) ? dir : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds() {
  const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs a server binary as the cluster's owner. */
function runAs(bin, args, options = {}) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, argv, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${path.basename(bin)} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * Starts a cluster. Returns its admin URL (database `postgres`), `urlOf(db)`, `createDatabase(name,
 * template?)`, `dropDatabase(name)` and `stop()`.
 */
export async function startPostgres() {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'PostgreSQL server binaries are missing: run `npm test` as root once (scripts/setup.mjs installs them), ' +
        'or: sudo apt-get install -y postgresql',
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'bastion-pg-'));
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  runAs(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    USER,
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  // Durability is not needed for a cluster that is thrown away; speed is.
  const options = [
    `-h 127.0.0.1`,
    `-p ${port}`,
    `-k ${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=400',
    '-c shared_buffers=128MB',
  ].join(' ');
  runAs(path.join(bin, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const urlOf = (database) => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  const admin = async (sql, database = 'postgres') => {
    const client = new pg.Client({ connectionString: urlOf(database) });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  let stopped = false;
  return {
    port,
    dir,
    /** The postmaster's pid (its children are the backends: CPU figures of the benchmarks). */
    postmasterPid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    urlOf,
    adminUrl: urlOf('postgres'),
    /** A new empty database (or a copy of `template`); returns its URL. */
    async createDatabase(name, template = null) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
      return urlOf(name);
    },
    /**
     * A new schema in `database` and the URL that works in it (search_path: the schema, then public where
     * extensions live) — much faster than a database per test server.
     */
    async createSchema(database, schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
      await admin(`CREATE SCHEMA ${schema}`, database);
      return `${urlOf(database)}?options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
    },
    async dropSchema(database, schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`, database);
    },
    /** `VACUUM ANALYZE` of a database (after a bulk load: fresh statistics, no autovacuum to come). */
    async vacuumAnalyze(database) {
      if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`bad database name ${database}`);
      await admin('VACUUM ANALYZE', database);
    },
    async dropDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        runAs(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// `node tests/support/postgres.mjs` starts a cluster and prints its URL until Ctrl-C (manual checks).
if (process.argv[1] === import.meta.filename) {
  const server = await startPostgres();
  writeFileSync(path.join(server.dir, 'url'), server.adminUrl);
  console.log(`PostgreSQL on ${server.adminUrl} (Ctrl-C stops and removes it)`);
  const stop = () => {
    server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => undefined, 1 << 30);
}
