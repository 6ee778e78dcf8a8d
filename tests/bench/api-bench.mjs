// npm run bench:api [-- --db postgres] — prints (does not assert): list latency and throughput at 100k
// assets. Seeds 100k assets with the built server's `seed --assets`, starts dist/server/main.js, then 32
// concurrent keep-alive connections run list requests with search + order + page for ~10 s.
// With `--db postgres` the same run follows on a throw-away PostgreSQL (tests/support/postgres.mjs) with one
// instance and then two instances on the same database (connections split between them), and a table
// compares the backends of this run.
// SQLite runs twice: one process, then two workers on the same file (BASTION_WORKERS=2).
// Besides req/s and latency it prints the CPU time one request costs the server process(es) (and, on
// PostgreSQL, its backends) — the figure that stays meaningful when other work shares the machine.
// `--writes-per-second N` adds a scenario with writes mixed into the reads: a writer updates an asset (every
// tenth write creates one, BENCH_CREATE_EVERY) N times a second while the 32 connections read the target list, so pages are
// asked again after each write (the uncached path); it prints the reads' and the writes' figures apart.
// `--target-only` skips the other scenarios. BENCH_DATA_DIR: an already seeded data dir (kept), instead of
// seeding a new one (SQLite only).
// Targets (issues 3 and 9): SQLite p95 <= 25 ms, >= 1,500 req/s; PostgreSQL p95 <= 30 ms, >= 1,200 req/s on
// one instance — on 2 cores, where the load generator, the servers and PostgreSQL share the machine.
import http from 'node:http';
import {
  loadRunner,
  percentile,
  removeDataDir,
  request,
  seedDataDir,
  startServer,
  target,
  withCpu,
} from './bench-server.mjs';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TERMS = ['prod', 'web', 'bj-', 'db-', 'sh-test', 'cache', '10.1.', 'app'];
const dbIndex = process.argv.indexOf('--db');
const WITH_POSTGRES = dbIndex > 0 && process.argv[dbIndex + 1] === 'postgres';
const writesIndex = process.argv.indexOf('--writes-per-second');
const WRITES_PER_SECOND = writesIndex > 0 ? Number(process.argv[writesIndex + 1]) : 0;
// `--target-only`: the target scenario (and the mixed one) only, for a quicker comparison.
const TARGET_ONLY = process.argv.includes('--target-only');
// BENCH_CREATE_EVERY: every how many writes one creates an asset (default 10; 0: updates only).
const CREATE_EVERY = Number(process.env.BENCH_CREATE_EVERY ?? 10);

const { run } = loadRunner({ concurrency: CONCURRENCY, seconds: SECONDS });

function listUrl(i) {
  const term = TERMS[i % TERMS.length];
  const offset = ((i * 7919) % 100) * 15;
  return `/api/v1/assets/assets/?limit=15&offset=${offset}&search=${encodeURIComponent(term)}&order=-hostname&display=1&draw=1`;
}

/**
 * The four scenarios of one backend and instance count; returns the target scenario's figures and the
 * session-only one's CPU.
 */
async function scenarios(name, targets) {
  const [first] = targets;
  const sample = await request(new http.Agent(), first.baseUrl, listUrl(0), first.headers);
  console.log(`${name}: sample ${sample.status}, count=${JSON.parse(sample.body.toString()).count}`);
  const main = await run(`${name}: search + order + page (the target)`, targets, listUrl);
  if (TARGET_ONLY) {
    if (WRITES_PER_SECOND > 0) await mixed(name, targets);
    return { ...main, sessionCpuUs: NaN };
  }
  await run(
    `${name}: order + page, no search`,
    targets,
    (i) => `/api/v1/assets/assets/?limit=15&offset=${(i % 100) * 15}&order=-hostname`,
  );
  // The asset tree's root chosen, then a search: the node's id set and the search hits together.
  await run(`${name}: search + node filter + order + page`, targets, (i) => `${listUrl(i)}&node_id=1`);
  const session = await run(
    `${name}: session + org check only (GET /users/profile/)`,
    targets,
    () => '/api/v1/users/profile/',
  );
  if (WRITES_PER_SECOND > 0) await mixed(name, targets);
  return { ...main, sessionCpuUs: session.serverCpuUs, sessionDbCpuUs: session.dbCpuUs };
}

/**
 * Writes at WRITES_PER_SECOND (a PATCH of an asset's comment; every tenth a POST of a new asset) over
 * `seconds`, at most 4 in flight; resolves with their latencies. Through the first target.
 */
async function writer(targets, seconds, counter) {
  const [first] = targets;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const page = await request(
    agent,
    first.baseUrl,
    '/api/v1/assets/assets/?limit=200&offset=0',
    first.headers,
  );
  const ids = JSON.parse(page.body.toString()).results.map((asset) => asset.id);
  const headers = { ...first.headers, 'content-type': 'application/json' };
  const latencies = [];
  let errors = 0;
  const inFlight = new Set();
  const started = performance.now();
  for (let n = 0; performance.now() - started < seconds * 1000; n += 1) {
    const due = started + (n * 1000) / WRITES_PER_SECOND;
    if (due > performance.now()) await new Promise((resolve) => setTimeout(resolve, due - performance.now()));
    if (inFlight.size >= 4) await Promise.race(inFlight);
    const k = (counter.next += 1);
    const write =
      CREATE_EVERY > 0 && k % CREATE_EVERY === 0
        ? request(agent, first.baseUrl, '/api/v1/assets/assets/', headers, {
            method: 'POST',
            body: JSON.stringify({
              hostname: `mixed-${process.pid}-${Date.now()}-${k}`,
              ip: '10.250.0.1',
              platform: 'Linux',
              protocols: ['ssh/22'],
            }),
          })
        : request(agent, first.baseUrl, `/api/v1/assets/assets/${ids[k % ids.length]}/`, headers, {
            method: 'PATCH',
            body: JSON.stringify({ comment: `mixed write ${k}` }),
          });
    const tracked = write.then((result) => {
      if (result.status >= 300) errors += 1;
      latencies.push(result.ms);
      inFlight.delete(tracked);
    });
    inFlight.add(tracked);
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors,
  };
}

/**
 * The target list read by the 32 connections while the writer writes. The writes' own CPU is measured
 * first with the writer alone; the reads' CPU per request is the rest of the mixed run's.
 */
async function mixed(name, targets) {
  const counter = { next: 0 };
  const pids = targets.map((t) => t.pid);
  const postmaster = targets[0].postmasterPid ?? null;
  const alone = await withCpu(pids, postmaster, () => writer(targets, Math.min(5, SECONDS), counter));
  const writeCpuUs = (alone.serverMicros + (alone.dbMicros ?? 0)) / Math.max(1, alone.value.requests);
  const both = await withCpu(pids, postmaster, () =>
    Promise.all([
      run(`${name}: reads with ${WRITES_PER_SECOND} writes/s`, targets, listUrl, { quiet: true }),
      writer(targets, SECONDS, counter),
    ]),
  );
  const [reads, writes] = both.value;
  const totalUs = both.serverMicros + (both.dbMicros ?? 0);
  const readCpuUs = (totalUs - writes.requests * writeCpuUs) / Math.max(1, reads.requests);
  console.log(
    `${`${name}: search + order + page, ${WRITES_PER_SECOND} writes/s`.padEnd(52)} reads ${reads.rps.toFixed(0)} req/s  ` +
      `p50 ${reads.p50.toFixed(1)} ms  p95 ${reads.p95.toFixed(1)} ms  p99 ${reads.p99.toFixed(1)} ms  ` +
      `CPU/read ${readCpuUs.toFixed(0)} µs${reads.errors ? `  errors ${reads.errors}` : ''}; ` +
      `writes ${writes.requests} (${(writes.requests / SECONDS).toFixed(0)}/s)  p50 ${writes.p50.toFixed(1)} ms  ` +
      `p95 ${writes.p95.toFixed(1)} ms  CPU/write ${writeCpuUs.toFixed(0)} µs (alone)` +
      (writes.errors ? `  errors ${writes.errors}` : ''),
  );
}

const results = [];
console.log(`${ASSETS} assets, ${CONCURRENCY} connections, ${SECONDS} s each:`);
{
  const given = process.env.BENCH_DATA_DIR;
  const { dataDir, seedSeconds, seedLog } = given
    ? { dataDir: given, seedSeconds: 0, seedLog: `given ${given}` }
    : seedDataDir(ASSETS);
  console.log(`sqlite seed: ${seedLog} (process wall ${seedSeconds.toFixed(2)} s)`);
  try {
    const server = await startServer(dataDir);
    try {
      results.push({
        backend: 'SQLite',
        instances: 1,
        ...(await scenarios('sqlite', [await target(server)])),
      });
    } finally {
      await server.stop();
    }
    // The same file served by two workers sharing the port (BASTION_WORKERS=2): one target, the
    // connections dealt to the workers by node:cluster.
    const workers = await startServer(dataDir, { BASTION_WORKERS: '2' });
    try {
      results.push({
        backend: 'SQLite',
        instances: '2 workers',
        ...(await scenarios('sqlite ×2 workers', [await target(workers)])),
      });
    } finally {
      await workers.stop();
    }
  } finally {
    if (!given) removeDataDir(dataDir);
  }
}

if (WITH_POSTGRES) {
  const { startPostgres } = await import('../support/postgres.mjs');
  const cluster = await startPostgres();
  try {
    const url = await cluster.createDatabase('bench');
    const env = { BASTION_DATABASE_URL: url };
    const { dataDir, seedSeconds, seedLog } = seedDataDir(ASSETS, [], env);
    console.log(`postgres seed: ${seedLog} (process wall ${seedSeconds.toFixed(2)} s)`);
    // As an operator would after a bulk load: otherwise autovacuum and analyze run during the measurement
    // and their CPU is counted as the requests' (it inflated the node-filter figure tenfold).
    await cluster.vacuumAnalyze('bench');
    const a = await startServer(dataDir, env);
    try {
      results.push({
        backend: 'PostgreSQL',
        instances: 1,
        ...(await scenarios('postgres', [await target(a, cluster.postmasterPid())])),
      });
      const b = await startServer(dataDir, env);
      try {
        const both = [await target(a, cluster.postmasterPid()), await target(b, cluster.postmasterPid())];
        results.push({ backend: 'PostgreSQL', instances: 2, ...(await scenarios('postgres ×2', both)) });
      } finally {
        await b.stop();
      }
    } finally {
      await a.stop();
      removeDataDir(dataDir);
    }
  } finally {
    cluster.stop();
  }
}

console.log(
  '\nsearch + order + page, 100k assets (targets: SQLite p95 ≤ 25 ms and ≥ 1,500 req/s; PostgreSQL p95 ≤ 30 ms and ≥ 1,200 req/s on one instance)',
);
console.log(
  'CPU µs per request: the server process(es), + PostgreSQL backends; "session" = GET /users/profile/; ' +
    '"capacity" = 1 s / CPU per request: the req/s one core would serve (the load generator shares the 2 cores)',
);
console.log(
  '| backend    | instances |  req/s | p50 ms | p95 ms | p99 ms | errors | CPU µs/req | capacity/core | generator µs/req | session CPU µs/req |',
);
console.log(
  '| ---------- | --------: | -----: | -----: | -----: | -----: | -----: | ---------: | ------------: | ---------------: | -----------------: |',
);
const cpu = (server, db) => `${server.toFixed(0)}${db === undefined ? '' : ` + ${db.toFixed(0)}`}`;
for (const r of results)
  console.log(
    `| ${r.backend.padEnd(10)} | ${String(r.instances).padStart(9)} | ${r.rps.toFixed(0).padStart(6)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)} | ${r.p99.toFixed(1).padStart(6)} | ${String(r.errors).padStart(6)} | ${cpu(r.serverCpuUs, r.dbCpuUs).padStart(10)} | ${(1e6 / (r.serverCpuUs + (r.dbCpuUs ?? 0))).toFixed(0).padStart(13)} | ${r.clientCpuUs.toFixed(0).padStart(16)} | ${cpu(r.sessionCpuUs, r.sessionDbCpuUs).padStart(18)} |`,
  );
