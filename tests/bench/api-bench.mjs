// npm run bench:api — prints (does not assert): list latency and throughput at 100k assets.
// Seeds 100k assets with the built server's `seed --assets`, starts dist/server/main.js, then 32 concurrent
// keep-alive connections run list requests with search + order + page for ~10 s.
// Targets (issue 3): p95 <= 25 ms, >= 1,500 requests/s on 2 cores.
import http from 'node:http';
import {
  adminHeaders,
  percentile,
  removeDataDir,
  request,
  seedDataDir,
  startServer,
} from './bench-server.mjs';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TERMS = ['prod', 'web', 'bj-', 'db-', 'sh-test', 'cache', '10.1.', 'app'];

function listUrl(i) {
  const term = TERMS[i % TERMS.length];
  const offset = ((i * 7919) % 100) * 15;
  return `/api/v1/assets/assets/?limit=15&offset=${offset}&search=${encodeURIComponent(term)}&order=-hostname&display=1&draw=1`;
}

async function run(label, server, headers, urlOf) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // Warm-up: prepared statements, JIT.
  for (let i = 0; i < 50; i += 1) await request(agent, server.baseUrl, urlOf(i), headers);
  const latencies = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const result = await request(agent, server.baseUrl, urlOf((next += 1)), headers);
        if (result.status !== 200) errors += 1;
        latencies.push(result.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const fmt = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(44)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / seconds).toFixed(0).padStart(5)} req/s  ` +
      `p50 ${fmt(percentile(latencies, 50))}  p95 ${fmt(percentile(latencies, 95))}  p99 ${fmt(percentile(latencies, 99))}` +
      (errors ? `  errors ${errors}` : ''),
  );
}

const { dataDir, seedSeconds, seedLog } = seedDataDir(ASSETS);
console.log(`seed: ${seedLog} (process wall ${seedSeconds.toFixed(2)} s)`);
let server;
try {
  server = await startServer(dataDir);
  const headers = await adminHeaders(server.baseUrl);
  const first = await request(new http.Agent(), server.baseUrl, listUrl(0), headers);
  console.log(`sample: ${first.status}, count=${JSON.parse(first.body.toString()).count}`);
  console.log(`${ASSETS} assets, ${CONCURRENCY} connections, ${SECONDS} s each:`);
  await run('search + order + page (the target)', server, headers, listUrl);
  await run(
    'order + page, no search',
    server,
    headers,
    (i) => `/api/v1/assets/assets/?limit=15&offset=${(i % 100) * 15}&order=-hostname`,
  );
  // The asset tree's root chosen, then a search: the node's id set and the trigram hits together (this
  // took minutes while SQLite probed every pair of the two IN lists).
  await run('search + node filter + order + page', server, headers, (i) => `${listUrl(i)}&node_id=1`);
  await run(
    'session + org check only (GET /users/profile/)',
    server,
    headers,
    () => '/api/v1/users/profile/',
  );
} finally {
  await server?.stop();
  removeDataDir(dataDir);
}
