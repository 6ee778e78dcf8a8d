// npm run bench:bulk — prints (does not assert): how long the biggest allowed bulk requests take, and what
// they cost everybody else: while each one runs, a second client sends a small request every 25 ms and its
// latencies are recorded (the target: one bulk request never stalls other users for more than 1 s).
// Phases: bulk create of empty nodes into an org already holding BENCH_NODES nodes (the attack: default
// names and keys), bulk create / PATCH / delete of assets, an import preview (render-to-json) of a large
// CSV, and the refusals (one item over the cap, a body over the limit).
// BENCH_ITEMS (default: the engine's cap, 1000) sets the bulk size, so the same script measures an older
// build without a cap (BENCH_ITEMS=2000 replays the attack).
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminHeaders, percentile, removeDataDir, request, startServer } from './bench-server.mjs';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
const NODES = Number(process.env.BENCH_NODES ?? 2500);
const CSV_MB = Number(process.env.BENCH_CSV_MB ?? 29);
const PROBE_EVERY_MS = 25;
const NODES_URL = '/api/v1/assets/nodes/';
const ASSETS_URL = '/api/v1/assets/assets/';

/** Runs `work` while a probe client measures small requests; returns the work's answer and the probe figures. */
async function underProbe(baseUrl, headers, work) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const latencies = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const sent = performance.now();
      const answer = await request(agent, baseUrl, '/api/v1/users/profile/', headers);
      if (answer.status !== 200) throw new Error(`probe answered ${answer.status}`);
      latencies.push(answer.ms);
      const wait = PROBE_EVERY_MS - (performance.now() - sent);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  running = false;
  await probe;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { value, ms, latencies };
}

function report(label, { value, ms, latencies }, items) {
  const fmt = (n) => `${n.toFixed(0)} ms`;
  const rate = items ? `  ${((items / ms) * 1000).toFixed(0).padStart(6)} items/s` : '';
  console.log(
    `${label.padEnd(46)} ${String(value.status).padStart(3)}  ${fmt(ms).padStart(8)}${rate}  ` +
      `probe: ${String(latencies.length).padStart(4)} req  p50 ${fmt(percentile(latencies, 50))}  ` +
      `p95 ${fmt(percentile(latencies, 95))}  max ${fmt(latencies.at(-1) ?? NaN)}`,
  );
}

function json(agent, baseUrl, headers, method, url, body) {
  return request(
    agent,
    baseUrl,
    url,
    { ...headers, 'content-type': 'application/json' },
    {
      method,
      body: JSON.stringify(body),
    },
  );
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bastion-bench-'));
const server = await startServer(dataDir);
try {
  const headers = await adminHeaders(server.baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  const send = (method, url, body) => json(agent, server.baseUrl, headers, method, url, body);
  console.log(`bulk size ${ITEMS}; probe: GET /api/v1/users/profile/ every ${PROBE_EVERY_MS} ms`);

  // The org already holds NODES nodes (created in bulks of at most ITEMS).
  for (let made = 0; made < NODES; made += ITEMS) {
    const count = Math.min(ITEMS, NODES - made);
    const body = Array.from({ length: count }, (_, i) => ({ value: `seeded-${made + i}` }));
    const answer = await send('POST', NODES_URL, body);
    if (answer.status !== 201) throw new Error(`seeding nodes: ${answer.status} ${answer.body}`);
  }
  report(
    `POST ${ITEMS} empty nodes (org holds ${NODES})`,
    await underProbe(server.baseUrl, headers, () =>
      send(
        'POST',
        NODES_URL,
        Array.from({ length: ITEMS }, () => ({})),
      ),
    ),
    ITEMS,
  );

  const assets = Array.from({ length: ITEMS }, (_, i) => ({
    hostname: `bulk-${String(i).padStart(5, '0')}`,
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    platform: 'Linux',
    comment: 'made by the bulk benchmark',
  }));
  const created = await underProbe(server.baseUrl, headers, () => send('POST', ASSETS_URL, assets));
  report(`POST ${ITEMS} assets`, created, ITEMS);
  const ids = JSON.parse(created.value.body.toString()).map((asset) => asset.id);
  report(
    `PATCH ${ITEMS} assets`,
    await underProbe(server.baseUrl, headers, () =>
      send(
        'PATCH',
        ASSETS_URL,
        ids.map((id) => ({ id, comment: 'patched' })),
      ),
    ),
    ITEMS,
  );
  const spm = JSON.parse(
    (await send('POST', '/api/v1/common/resources/cache/', { resources: ids })).body.toString(),
  ).spm;
  report(
    `DELETE ${ITEMS} assets (spm)`,
    await underProbe(server.baseUrl, headers, () =>
      request(agent, server.baseUrl, `${ASSETS_URL}?spm=${spm}`, headers, { method: 'DELETE' }),
    ),
    ITEMS,
  );

  const header = 'hostname,ip,platform,comment';
  const lines = [header];
  for (let i = 0, size = 0; size < CSV_MB * 1024 * 1024; i += 1) {
    const line = `import-${String(i).padStart(7, '0')},172.16.${(i >> 8) & 255}.${i & 255},Linux,row ${i}`;
    lines.push(line);
    size += line.length + 2;
  }
  const csv = Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  report(
    `render-to-json of a ${CSV_MB} MB CSV (${lines.length - 1} rows)`,
    await underProbe(server.baseUrl, headers, () =>
      request(
        agent,
        server.baseUrl,
        `${ASSETS_URL}render-to-json/`,
        { ...headers, 'content-type': 'text/csv' },
        { method: 'POST', body: csv },
      ),
    ),
  );

  report(
    `POST ${ITEMS + 1} empty nodes (over the cap)`,
    await underProbe(server.baseUrl, headers, () =>
      send(
        'POST',
        NODES_URL,
        Array.from({ length: ITEMS + 1 }, () => ({})),
      ),
    ),
  );
  report(
    'POST a 4 MiB JSON body',
    await underProbe(server.baseUrl, headers, () =>
      send('POST', ASSETS_URL, [
        { hostname: 'x', ip: '10.0.0.1', platform: 'Linux', comment: 'y'.repeat(4 << 20) },
      ]),
    ),
  );
} finally {
  await server.stop();
  removeDataDir(dataDir);
}
