// npm run bench:audit [-- --db postgres] — prints (does not assert): the audit area at scale. Seeds
// 100,000 sessions and 1,000,000 commands with the built server's `seed --sessions --commands` (bulk load),
// starts dist/server/main.js, then 32 keep-alive connections run for ~10 s each:
//   - the command list filtered by a date range + a session + an input search (the session detail, and the
//     command list with a session chosen);
//   - the command list of the storage filtered by a date range + risk level + input search;
//   - the command list of the storage filtered by a date range + input search alone (the worst case);
//   - the dashboard's `/api/v1/index/` with every flag (`all=1`), weekly and monthly.
// The date ranges are those the console's date picker sends (sdk/src/crud/dateRange.ts): whole days, from
// 00:00:01 to 23:59:59, seven days ending on one of the last 23 days. The command scenarios run three times:
//   - "static": nothing is written meanwhile;
//   - "live": a writer posts commands through the API meanwhile (BENCH_LIVE_PER_SECOND, default 2 a second,
//     five times the seeded data's own rate of 0.39 a second, in one batch a second), as a component
//     posting the commands of running sessions: every batch changes the table, so every cached window,
//     count and answer of it is computed again;
//   - "uncached": each request's range ends at a second no other request of the run asked for, so no answer,
//     window or count is ever reused (the worst case: no console sends such ranges).
// With `--db postgres` the same run follows on a throw-away PostgreSQL (tests/support/postgres.mjs).
// Figures: req/s, p50/p95/p99 and the CPU time one request costs the server (and PostgreSQL's backends).
// Targets (issue 12, item 7): command list p95 ≤ 50 ms; index ≤ 200 ms.
// BENCH_DATA_DIR (SQLite) or BENCH_DATABASE_URL (PostgreSQL alone; + its BENCH_PG_DATA_DIR and BENCH_PG_PID, the postmaster's
// pid, for the CPU figure) reuse a data dir / database seeded once with `npm run seed -- --sessions N
// --commands M`, instead of a 5–10 minute seed per run; the live runs add commands to it. BENCH_ONLY=risk,search
// runs only those scenarios; BENCH_MODES=static,live,uncached only those modes.
import http from 'node:http';
import { loadRunner, removeDataDir, request, seedDataDir, startServer, target } from './bench-server.mjs';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 1_000_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STORAGE = '00000000-0000-0000-0000-00000000c0de';
const TERMS = ['ls', 'nginx', 'rm', 'var/log', 'grep', 'tail', 'mysql', 'restart'];
const dbIndex = process.argv.indexOf('--db');
const WITH_POSTGRES = dbIndex > 0 && process.argv[dbIndex + 1] === 'postgres';
const { run: runAll } = loadRunner({ concurrency: CONCURRENCY, seconds: SECONDS });
// A freshly started server compiles its code and reads the tables' pages from disk at its first requests:
// a few seconds of every kind of request first, not measured.
const { run: warmUp } = loadRunner({
  concurrency: CONCURRENCY,
  seconds: Number(process.env.BENCH_WARMUP_SECONDS ?? 4),
});
const ONLY = process.env.BENCH_ONLY?.split(',') ?? null;
const SKIPPED = { rps: 0, p50: 0, p95: 0, errors: 0, serverCpuUs: 0 };
const scenario = (key, ...args) => (ONLY && !ONLY.includes(key) ? SKIPPED : runAll(...args));

const DAY = 86_400_000;
const MODES = process.env.BENCH_MODES?.split(',') ?? ['static', 'live', 'uncached'];
const LIVE_PER_SECOND = Number(process.env.BENCH_LIVE_PER_SECOND ?? 2);
/** The start of today (UTC) and the seconds the console's ranges end at: 23:59:59 of a day. */
const TODAY = Math.floor(Date.now() / DAY) * DAY;
const consoleRange = (i) => {
  // Seven whole days ending on one of the last 23 days, as the date picker sends them.
  const to = TODAY - (i % 23) * DAY + DAY - 1_000;
  const from = TODAY - (i % 23) * DAY - 6 * DAY + 1_000;
  return `date_from=${new Date(from).toISOString()}&date_to=${new Date(to).toISOString()}`;
};
const uncachedRange = (i) => {
  // The end moved back by i seconds (up to a day): no two requests of a run ask for the same range.
  const to = Date.now() - (i % 23) * DAY - (i % 86_400) * 1_000;
  return `date_from=${new Date(to - 7 * DAY).toISOString()}&date_to=${new Date(to).toISOString()}`;
};
const term = (i) => encodeURIComponent(TERMS[i % TERMS.length]);
const INPUTS = [
  'ls -la /var/log',
  'tail -f /var/log/nginx/error.log',
  'systemctl restart nginx',
  'grep -r error .',
];

/**
 * Posts LIVE_PER_SECOND commands a second, one batch a second, into the sessions given (as a component
 * posts the commands of running sessions), until `stop()`; resolves with the batches' count and errors.
 */
function liveWriter(target, sessionIds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { ...target.headers, 'content-type': 'application/json' };
  let stopped = false;
  let batches = 0;
  let errors = 0;
  const done = (async () => {
    for (let n = 0; !stopped; n += 1) {
      const started = performance.now();
      const now = Math.floor(Date.now() / 1000);
      const body = Array.from({ length: LIVE_PER_SECOND }, (_, k) => ({
        user: 'Bench(bench)',
        asset: 'bench-host',
        system_user: 'root',
        session: sessionIds[(n + k) % sessionIds.length],
        input: INPUTS[(n + k) % INPUTS.length],
        output: '',
        timestamp: now,
        risk_level: (n + k) % 10 === 0 ? 5 : 0,
      }));
      const result = await request(agent, target.baseUrl, '/api/v1/terminal/commands/', headers, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      batches += 1;
      if (result.status !== 201) errors += 1;
      const rest = 1000 - (performance.now() - started);
      if (rest > 0 && !stopped) await new Promise((resolve) => setTimeout(resolve, rest));
    }
    agent.destroy();
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return { batches, errors };
    },
  };
}

async function scenarios(name, targets) {
  const [first] = targets;
  const agent = new http.Agent();
  const sessionsPage = await request(
    agent,
    first.baseUrl,
    '/api/v1/terminal/sessions/?limit=500&is_finished=1',
    first.headers,
  );
  const sessionIds = JSON.parse(sessionsPage.body.toString()).results.map((row) => row.id);
  const sample = await request(
    agent,
    first.baseUrl,
    `/api/v1/terminal/commands/?command_storage_id=${STORAGE}&limit=1`,
    first.headers,
  );
  // The command list stops counting at its bound (docs/http.md#lists): "1000+".
  const counted = JSON.parse(sample.body.toString());
  console.log(
    `${name}: ${counted.count}${counted.count_is_lower_bound ? '+' : ''} commands; ${sessionIds.length} sessions sampled`,
  );
  const out = {};
  await warmUp(
    `${name}: warm-up`,
    targets,
    (i) =>
      [
        `/api/v1/terminal/commands/?session_id=${sessionIds[i % sessionIds.length]}&date_from=2000-01-01T00:00:00Z&input=${term(i)}&limit=15`,
        `/api/v1/terminal/commands/?command_storage_id=${STORAGE}&${uncachedRange(i + 500_000)}&risk_level=${i % 2 ? 5 : 0}&input=${term(i)}&limit=15`,
        `/api/v1/terminal/commands/?command_storage_id=${STORAGE}&${uncachedRange(i + 500_000)}&search=${term(i)}&limit=15`,
        '/api/v1/index/?all=1',
      ][i % 4],
    { quiet: true },
  );
  const commands = (mode, rangeOf) => {
    const run = async (key, label, urlOf) => {
      if (ONLY && !ONLY.includes(key)) return SKIPPED;
      if (!MODES.includes(mode)) return SKIPPED;
      const writer = mode === 'live' ? liveWriter(first, sessionIds) : null;
      try {
        return await runAll(`${name}: ${label} (${mode})`, targets, urlOf);
      } finally {
        const written = await writer?.stop();
        if (written)
          console.log(
            `  meanwhile ${written.batches} batches of ${LIVE_PER_SECOND} commands posted` +
              (written.errors ? `, ${written.errors} refused` : ''),
          );
      }
    };
    return { run, rangeOf };
  };
  for (const [mode, rangeOf] of [
    ['static', consoleRange],
    ['live', consoleRange],
    ['uncached', uncachedRange],
  ]) {
    const { run } = commands(mode, rangeOf);
    out[`session:${mode}`] = await run(
      'session',
      'commands, session + input',
      (i) =>
        `/api/v1/terminal/commands/?session_id=${sessionIds[i % sessionIds.length]}&${mode === 'uncached' ? rangeOf(i) : 'date_from=2000-01-01T00:00:00Z'}&input=${term(i)}&limit=15`,
    );
    out[`risk:${mode}`] = await run(
      'risk',
      'commands, range + risk level + input',
      (i) =>
        `/api/v1/terminal/commands/?command_storage_id=${STORAGE}&${rangeOf(i)}&risk_level=${i % 2 ? 5 : 0}&input=${term(i)}&limit=15`,
    );
    out[`search:${mode}`] = await run(
      'search',
      'commands, range + search',
      (i) =>
        `/api/v1/terminal/commands/?command_storage_id=${STORAGE}&${rangeOf(i)}&search=${term(i)}&limit=15`,
    );
  }
  out.weekly = await scenario(
    'weekly',
    `${name}: /api/v1/index/?all=1`,
    targets,
    () => '/api/v1/index/?all=1',
  );
  out.monthly = await scenario(
    'monthly',
    `${name}: /api/v1/index/?all=1&monthly=1`,
    targets,
    () => '/api/v1/index/?all=1&monthly=1',
  );
  return out;
}

const results = [];
console.log(`${SESSIONS} sessions, ${COMMANDS} commands, ${CONCURRENCY} connections, ${SECONDS} s each:`);
const seedArgs = ['--sessions', String(SESSIONS), '--commands', String(COMMANDS)];
/** A seeded data dir: the one given (kept), or a fresh seed (removed after). */
function seeded(name, givenDir, env = {}) {
  if (givenDir) return { dataDir: givenDir, remove: () => undefined };
  const { dataDir, seedSeconds, seedLog } = seedDataDir(0, seedArgs, env);
  console.log(`${name} seed: ${seedLog} (process wall ${seedSeconds.toFixed(2)} s)`);
  return { dataDir, remove: () => removeDataDir(dataDir) };
}

if (process.env.BENCH_DATABASE_URL) {
  const env = { BASTION_DATABASE_URL: process.env.BENCH_DATABASE_URL };
  const { dataDir, remove } = seeded('postgres', process.env.BENCH_PG_DATA_DIR, env);
  const server = await startServer(dataDir, env);
  try {
    const pid = process.env.BENCH_PG_PID ? Number(process.env.BENCH_PG_PID) : undefined;
    results.push({ backend: 'PostgreSQL', ...(await scenarios('postgres', [await target(server, pid)])) });
  } finally {
    await server.stop();
    remove();
  }
} else {
  const { dataDir, remove } = seeded('sqlite', process.env.BENCH_DATA_DIR);
  const server = await startServer(dataDir);
  try {
    results.push({ backend: 'SQLite', ...(await scenarios('sqlite', [await target(server)])) });
  } finally {
    await server.stop();
    remove();
  }
}

if (WITH_POSTGRES && !process.env.BENCH_DATABASE_URL) {
  const { startPostgres } = await import('../support/postgres.mjs');
  const cluster = await startPostgres();
  try {
    const url = await cluster.createDatabase('bench');
    const env = { BASTION_DATABASE_URL: url };
    const { dataDir, seedSeconds, seedLog } = seedDataDir(0, seedArgs, env);
    console.log(`postgres seed: ${seedLog} (process wall ${seedSeconds.toFixed(2)} s)`);
    const server = await startServer(dataDir, env);
    try {
      results.push({
        backend: 'PostgreSQL',
        ...(await scenarios('postgres', [await target(server, cluster.postmasterPid())])),
      });
    } finally {
      await server.stop();
      removeDataDir(dataDir);
    }
  } finally {
    cluster.stop();
  }
}

console.log(
  `\n${COMMANDS} commands, ${SESSIONS} sessions (targets: command list p95 ≤ 50 ms; /api/v1/index/ ≤ 200 ms)`,
);
console.log('CPU µs per request: the server process, + PostgreSQL backends');
console.log(
  '| backend    | scenario                                 |  req/s | p50 ms | p95 ms | errors | CPU µs/req |',
);
console.log(
  '| ---------- | ---------------------------------------- | -----: | -----: | -----: | -----: | ---------: |',
);
const NAMES = {};
for (const mode of ['static', 'live', 'uncached']) {
  NAMES[`session:${mode}`] = `commands: session + input, ${mode}`;
  NAMES[`risk:${mode}`] = `commands: range + risk + input, ${mode}`;
  NAMES[`search:${mode}`] = `commands: range + search, ${mode}`;
}
NAMES.weekly = 'index, all flags, weekly';
NAMES.monthly = 'index, all flags, monthly';
for (const r of results)
  for (const [key, label] of Object.entries(NAMES)) {
    const f = r[key];
    if (f === SKIPPED) continue;
    const cpu = `${f.serverCpuUs.toFixed(0)}${f.dbCpuUs === undefined ? '' : ` + ${f.dbCpuUs.toFixed(0)}`}`;
    console.log(
      `| ${r.backend.padEnd(10)} | ${label.padEnd(40)} | ${f.rps.toFixed(0).padStart(6)} | ${f.p50.toFixed(1).padStart(6)} | ${f.p95.toFixed(1).padStart(6)} | ${String(f.errors).padStart(6)} | ${cpu.padStart(10)} |`,
    );
  }
