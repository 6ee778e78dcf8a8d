// Shared by the api/export benchmarks: seeds a temporary data dir with the BUILT server's `seed` command,
// starts dist/server/main.js on it as a child process (its pid is exposed for /proc RSS sampling), signs
// in as admin, and offers a keep-alive HTTP client.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/server-process.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// BENCH_MAIN: another build's main.js (a copy of dist/ built from another commit), to compare two builds.
const MAIN = process.env.BENCH_MAIN ?? path.join(root, 'dist/server/main.js');
// The server reads the console from ./dist of its working directory unless told otherwise: a copy's server
// must serve the copy's console (dist/server/main.js → dist/), not the one last built in this worktree.
const DIST_DIR = path.resolve(path.dirname(MAIN), '..');
const ADMIN_PASSWORD = 'Bench-Admin-Pass-1';

/**
 * Seeds `count` assets (and `extraArgs` of the seed command, e.g. `--demo`) into a fresh data dir (and the
 * PostgreSQL database of `env.BASTION_DATABASE_URL` when given); returns the dir and the seed's own wall time.
 */
export function seedDataDir(count, extraArgs = [], env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bastion-bench-'));
  const started = performance.now();
  const args = [...(count > 0 ? ['--assets', String(count)] : []), ...extraArgs];
  const result = spawnSync(process.execPath, [MAIN, 'seed', ...args], {
    env: {
      ...process.env,
      ...env,
      BASTION_DATA_DIR: dataDir,
      BASTION_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BASTION_LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    removeDataDir(dataDir);
    throw new Error(`seed failed:\n${result.stdout}\n${result.stderr}`);
  }
  return { dataDir, seedSeconds: (performance.now() - started) / 1000, seedLog: result.stdout.trim() };
}

/** Starts the built server on `dataDir` (extra env and node flags allowed); resolves once /api/health/ answers. */
export async function startServer(dataDir, env = {}, nodeArgs = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, MAIN], {
    env: {
      ...process.env,
      BASTION_HOST: '127.0.0.1',
      BASTION_PORT: String(port),
      BASTION_DATA_DIR: dataDir,
      BASTION_DIST_DIR: DIST_DIR,
      BASTION_ADMIN_PASSWORD: ADMIN_PASSWORD,
      BASTION_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    },
  };
}

export function removeDataDir(dataDir) {
  rmSync(dataDir, { recursive: true, force: true });
}

/** Resident memory of a process from /proc (MB); 0 once it is gone. */
export function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in microseconds (from /proc; 0 once it is gone). */
export function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** CPU microseconds used so far by each child of `ppid` (PostgreSQL's backends under its postmaster). */
export function childrenCpuMicros(ppid) {
  const byPid = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      if (Number(fields[1]) === ppid) byPid.set(name, (Number(fields[11]) + Number(fields[12])) * 10_000);
    } catch {
      // ended meanwhile
    }
  }
  return byPid;
}

/**
 * Measures the CPU time `work` costs the server processes `pids` (and, given `postmasterPid`, the
 * PostgreSQL backends): wall-clock figures mean little on a shared machine, CPU per request does.
 */
export async function withCpu(pids, postmasterPid, work) {
  // A server with BASTION_WORKERS > 1 is a primary and its workers: its children count as the server.
  const tree = (pid) =>
    [...childrenCpuMicros(pid).values()].reduce((sum, micros) => sum + micros, cpuMicros(pid));
  const servers = () => [...new Set(pids)].reduce((sum, pid) => sum + tree(pid), 0);
  const serverBefore = servers();
  const dbBefore = postmasterPid ? childrenCpuMicros(postmasterPid) : new Map();
  const value = await work();
  const serverMicros = servers() - serverBefore;
  let dbMicros = 0;
  if (postmasterPid)
    for (const [pid, micros] of childrenCpuMicros(postmasterPid))
      dbMicros += micros - (dbBefore.get(pid) ?? 0);
  return { value, serverMicros, dbMicros: postmasterPid ? dbMicros : null };
}

/** Peak RSS of `pid` while `work` runs, sampled every 20 ms. */
export async function withPeakRss(pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  try {
    const value = await work();
    return { value, peakMb: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

function cookiesOf(response) {
  return response.headers.getSetCookie().map((line) => line.split(';')[0]);
}

/** Signs in as admin like the browser does; returns the headers an API call needs (cookie, csrf). */
export async function adminHeaders(baseUrl) {
  const page = await fetch(`${baseUrl}/core/auth/login/`);
  const jar = new Map(cookiesOf(page).map((pair) => pair.split('=')));
  const csrf = jar.get('jms_csrftoken') ?? '';
  const response = await fetch(`${baseUrl}/core/auth/login/`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, csrfmiddlewaretoken: csrf }),
  });
  if (response.status !== 302) throw new Error(`login failed: ${response.status}`);
  for (const pair of cookiesOf(response)) {
    const [name, value] = pair.split('=');
    jar.set(name, value);
  }
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrftoken': jar.get('jms_csrftoken') ?? '',
    'x-jms-org': '00000000-0000-0000-0000-000000000002',
  };
}

/** GET (or another method) over a keep-alive agent; resolves with status, body bytes and milliseconds. */
export function request(agent, baseUrl, urlPath, headers, { method = 'GET', body } = {}) {
  const url = new URL(urlPath, baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * The load loop of the HTTP benchmarks: `concurrency` keep-alive connections for `seconds` after a warm-up,
 * split over `targets` (one per server instance); prints and returns latency, req/s and CPU per request.
 */
export function loadRunner({ concurrency, seconds }) {
  /** Load over `targets` (one per server instance: connections are split between them). */
  async function run(label, targets, urlOf, { quiet = false } = {}) {
    const clientBefore = process.cpuUsage();
    const { value, serverMicros, dbMicros } = await withCpu(
      targets.map((t) => t.pid),
      targets[0].postmasterPid ?? null,
      () => load(targets, urlOf),
    );
    const client = process.cpuUsage(clientBefore);
    const perRequest = (micros) => (micros / Math.max(1, value.requests)).toFixed(0);
    const figures = { label, ...value, serverCpuUs: serverMicros / Math.max(1, value.requests) };
    // The load generator shares the machine's cores: its own CPU per request says how much it takes.
    figures.clientCpuUs = (client.user + client.system) / Math.max(1, value.requests);
    if (dbMicros !== null) figures.dbCpuUs = dbMicros / Math.max(1, value.requests);
    const fmt = (ms) => `${ms.toFixed(1)} ms`;
    if (!quiet)
      console.log(
        `${label.padEnd(52)} ${String(value.requests).padStart(6)} req  ${value.rps.toFixed(0).padStart(5)} req/s  ` +
          `p50 ${fmt(value.p50)}  p95 ${fmt(value.p95)}  p99 ${fmt(value.p99)}  ` +
          `CPU/req server ${perRequest(serverMicros)} µs` +
          (dbMicros !== null ? ` + PostgreSQL ${perRequest(dbMicros)} µs` : '') +
          ` (load generator ${figures.clientCpuUs.toFixed(0)} µs)` +
          (value.errors ? `  errors ${value.errors}` : ''),
      );
    return figures;
  }

  async function load(targets, urlOf) {
    const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: concurrency }));
    // Warm-up: prepared statements, JIT, caches.
    for (let i = 0; i < 50; i += 1)
      for (const [n, target] of targets.entries())
        await request(agents[n], target.baseUrl, urlOf(i), target.headers);
    const latencies = [];
    let errors = 0;
    let next = 0;
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, connection) => {
        const n = connection % targets.length;
        while (performance.now() < deadline) {
          const result = await request(agents[n], targets[n].baseUrl, urlOf((next += 1)), targets[n].headers);
          if (result.status !== 200) errors += 1;
          latencies.push(result.ms);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    for (const agent of agents) agent.destroy();
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      errors,
    };
  }

  return { run, load };
}

/** A signed-in admin on one started server (with PostgreSQL's postmaster pid for its CPU figures). */
export async function target(server, postmasterPid = null) {
  return {
    baseUrl: server.baseUrl,
    pid: server.pid,
    postmasterPid,
    headers: await adminHeaders(server.baseUrl),
  };
}
