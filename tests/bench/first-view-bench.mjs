// npm run bench:first-view — prints (does not assert) what a user waits for on a real network: headless
// Chromium with the network emulated through CDP (Network.emulateNetworkConditions), against the built
// console (dist/) and a server seeded with the demo data. For each profile and scenario it prints the
// requests, the bytes on the wire by kind, the depth of the request chain and the time to the first rows.
//
// Scenarios (a fresh browser context each, so the HTTP cache starts cold, except where said):
//   login page        open /core/auth/login/ until the form can be typed into
//   sign-in → assets  on the login page (?next= the asset list), type and submit at once, until asset rows show
//   users direct      signed in (cookies only), open the users list URL, until user rows show
//   second plugin     then, in the same tab (warm cache), click the asset list in the sidebar, until rows show
//
// Chain depth: request R is one level deeper than the deepest request that had finished before R was sent;
// it counts the round trips that had to happen one after the other, whatever caused them. Page CPU: the
// page's main-thread busy time in the same span (CDP TaskDuration): on a loaded machine, what is not network,
// but it counts the time the page waited for a core too. Browser CPU: the CPU time (user + system, /proc) all
// of Chromium's processes used in that span, which a loaded machine does not inflate: compare builds by it.
//
// Usage: node tests/bench/first-view-bench.mjs [--runs N] [--profile 50ms|slow] [--waterfall] [--cpu-profile DIR]
//   median of N runs (default 3); --waterfall prints each scenario's requests of the last run (sent and
//   finished, ms from the start, and chain level); --cpu-profile writes the page's main-thread CPU profile of
//   the users-list scenario (last run) to DIR/users-direct.cpuprofile and prints the functions with the most
//   self time (open the file in Chromium's DevTools for the rest); --trace DIR records a Chromium trace of that
//   scenario (last run) to DIR/users-direct.trace.json and prints where the main thread went (first-view-trace.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { launchChromium } from '../support/chromium.mjs';
import { COMMIT_HOOK_SCRIPT, printTraceBreakdown, startTrace } from './first-view-trace.mjs';
import { removeDataDir, seedDataDir, startServer } from './bench-server.mjs';

const ADMIN_PASSWORD = 'Bench-Admin-Pass-1';
const ASSETS_PATH = '/ui/console/assets/assets';
const USERS_PATH = '/ui/console/users/users';
const ASSET_ROW = '[data-testid="assets-list"] [data-testid="row-link"]';
const USER_ROW = '[data-testid="users-list"] [data-testid="row-link"]';

const PROFILES = {
  // The profile: 50 ms round trip, 20 Mbit/s down (upload 5 Mbit/s).
  '50ms': { latency: 50, down: 20e6, up: 5e6, targets: { login: 600, signIn: 1500, direct: 1200 } },
  // Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
  slow: { latency: 150, down: 1.6e6, up: 750e3, targets: {} },
};

const args = process.argv.slice(2);
const argValue = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const RUNS = Number(argValue('--runs') ?? 3);
const onlyProfile = argValue('--profile');
const WATERFALL = args.includes('--waterfall');
const CPU_PROFILE_DIR = argValue('--cpu-profile');
const TRACE_DIR = argValue('--trace');

function kindOf(url, type) {
  const p = new URL(url).pathname;
  if (type === 'Document') return 'html';
  if (p.startsWith('/api/')) return 'api';
  if (type === 'Font' || /\.(woff2?|ttf|eot)$/.test(p)) return 'fonts';
  if (type === 'Stylesheet' || p.endsWith('.css')) return 'css';
  if (p.endsWith('.js')) return 'js';
  if (/\/locales\//.test(p)) return 'locales';
  return 'other';
}

/**
 * CPU seconds (user + system, from /proc) used so far by each Chromium process this bench started: pid → s.
 * Unlike the page's busy time, this is not inflated when the machine is loaded and the page waits for a core.
 */
function browserCpu() {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    procs.set(Number(name), {
      ppid: Number(fields[1]),
      comm: stat.slice(stat.indexOf('(') + 1, close),
      seconds: (Number(fields[11]) + Number(fields[12])) / 100, // USER_HZ
    });
  }
  const ours = (pid) => {
    for (let p = procs.get(pid)?.ppid, hops = 0; p && hops < 20; p = procs.get(p)?.ppid, hops += 1)
      if (p === process.pid) return true;
    return false;
  };
  const out = new Map();
  for (const [pid, p] of procs) if (/chrom/i.test(p.comm) && ours(pid)) out.set(pid, p.seconds);
  return out;
}

/** CPU seconds the browser's processes used since `before` (a process that exited meanwhile is left out). */
function browserCpuSince(before) {
  let seconds = 0;
  for (const [pid, now] of browserCpu()) seconds += now - (before.get(pid) ?? 0);
  return seconds;
}

/** Records every network request of a page through CDP: timing, bytes on the wire, cache hits. */
async function recordNetwork(page, profile) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  const taskSeconds = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.down / 8,
    uploadThroughput: profile.up / 8,
  });
  const requests = new Map();
  const get = (id) => requests.get(id);
  cdp.on('Network.requestWillBeSent', (e) => {
    // A redirect reuses the request id: keep the hop that redirected as its own request.
    const previous = get(e.requestId);
    if (previous && e.redirectResponse) {
      previous.end = e.timestamp;
      previous.bytes = e.redirectResponse.encodedDataLength ?? 0;
      requests.set(`${e.requestId}#${previous.url}`, previous);
    }
    requests.set(e.requestId, {
      url: e.request.url,
      type: e.type,
      wallStart: e.wallTime * 1000,
      start: e.timestamp,
      end: null,
      bytes: 0,
      cached: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = get(e.requestId);
    if (r && (e.response.fromDiskCache || e.response.fromPrefetchCache)) r.cached = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = get(e.requestId);
    if (r) {
      r.end = e.timestamp;
      r.bytes = e.encodedDataLength;
    }
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  return {
    /**
     * The requests sent from now on; `until(epochMs)` waits for those sent before that moment to finish and
     * returns them.
     */
    async mark() {
      const since = new Set(requests.keys());
      const cpuAtStart = await taskSeconds();
      const browserAtStart = browserCpu();
      const fresh = () => [...requests.entries()].filter(([id]) => !since.has(id)).map(([, r]) => r);
      return async (epochMs) => {
        // Main-thread busy time of the page (a new document starts its own count).
        const cpuNow = await taskSeconds();
        const cpuMs = 1000 * (cpuNow >= cpuAtStart ? cpuNow - cpuAtStart : cpuNow);
        const browserCpuMs = 1000 * browserCpuSince(browserAtStart);
        const wanted = () => fresh().filter((r) => r.wallStart <= epochMs);
        const deadline = Date.now() + 60_000;
        while (wanted().some((r) => r.end === null) && Date.now() < deadline) await page.waitForTimeout(20);
        return Object.assign(wanted(), { cpuMs, browserCpuMs });
      };
    },
  };
}

/** Chain level of each request: 1 + the deepest level of the requests finished before it was sent. */
function chainLevels(list) {
  const done = list.filter((r) => r.end !== null).sort((a, b) => a.start - b.start);
  const level = new Map();
  for (const r of done) {
    let deepest = 0;
    for (const q of done) if (q !== r && q.end <= r.start) deepest = Math.max(deepest, level.get(q) ?? 0);
    level.set(r, deepest + 1);
  }
  return level;
}

/** Longest run of requests each sent after the previous one had finished (see the header). */
const chainDepth = (list) => Math.max(0, ...chainLevels(list).values());

/** The requests of one scenario run, in the order sent, for --waterfall. */
function printWaterfall(title, list) {
  const network = list.filter((r) => !r.url.startsWith('data:'));
  const levels = chainLevels(network.filter((r) => !r.cached));
  const t0 = Math.min(...network.map((r) => r.start));
  console.log(`\n${title}`);
  for (const r of [...network].sort((a, b) => a.start - b.start)) {
    const ms = (t) => (t === null ? '   …' : String(Math.round((t - t0) * 1000)).padStart(4));
    const { pathname, search } = new URL(r.url);
    console.log(
      `  ${ms(r.start)} → ${ms(r.end)} ms  level ${String(levels.get(r) ?? '-').padStart(2)}  ` +
        `${(r.bytes / 1024).toFixed(1).padStart(6)} KB${r.cached ? ' cached' : '       '}  ${pathname}${search}`,
    );
  }
}

function summarise(list, ms, title = '') {
  if (WATERFALL && title) printWaterfall(title, list);
  const cpuMs = list.cpuMs ?? 0;
  const browserCpuMs = list.browserCpuMs ?? 0;
  const network = list.filter((r) => !r.cached && !r.url.startsWith('data:'));
  const byKind = {};
  for (const r of network) byKind[kindOf(r.url, r.type)] = (byKind[kindOf(r.url, r.type)] ?? 0) + r.bytes;
  return {
    ms,
    cpuMs,
    browserCpuMs,
    requests: network.length,
    cached: list.length - network.length,
    bytes: network.reduce((s, r) => s + r.bytes, 0),
    byKind,
    depth: chainDepth(network),
  };
}

/** Wall-clock epoch ms of the moment a selector first matched, observed inside the page. */
const WATCH_SCRIPT = `(() => {
  const seen = {};
  window.__benchSeen = seen;
  const check = () => {
    for (const [name, selector] of Object.entries(window.__benchWanted || {}))
      if (!seen[name] && document.querySelector(selector)) seen[name] = performance.timeOrigin + performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  window.__benchWanted = { assets: ${JSON.stringify(ASSET_ROW)}, users: ${JSON.stringify(USER_ROW)}, form: '#username' };
})();`;

async function seenAt(page, name, selector) {
  await page.waitForSelector(selector, { timeout: 60_000 });
  // eslint-disable-next-line no-undef -- runs in the page
  return page.evaluate((n) => window.__benchSeen?.[n] ?? performance.timeOrigin + performance.now(), name);
}

async function newContext(browser) {
  const context = await browser.newContext({ locale: 'en' });
  await context.addInitScript(WATCH_SCRIPT);
  if (TRACE_DIR) await context.addInitScript(COMMIT_HOOK_SCRIPT);
  return context;
}

async function loginPage(browser, server, profile) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const net = await recordNetwork(page, profile);
  const requests = await net.mark();
  const started = Date.now();
  await page.goto(`${server.baseUrl}/core/auth/login/`, { waitUntil: 'commit' });
  const at = await seenAt(page, 'form', '#username');
  // The form's own requests, not the console's modules warmed in the background once it shows.
  const result = summarise(await requests(at), at - started, 'login page');
  await context.close();
  return result;
}

async function signInToAssets(browser, server, profile) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const net = await recordNetwork(page, profile);
  await page.goto(`${server.baseUrl}/core/auth/login/?next=${encodeURIComponent(ASSETS_PATH)}`);
  await page.waitForSelector('#username');
  await page.fill('#username', 'admin');
  await page.fill('#password', ADMIN_PASSWORD);
  const requests = await net.mark();
  const started = Date.now();
  await page.click('button[type=submit]');
  await page.waitForURL((u) => u.pathname.startsWith('/ui/'));
  const at = await seenAt(page, 'assets', ASSET_ROW);
  const result = summarise(await requests(at), at - started, 'sign-in → asset rows');
  await context.close();
  return result;
}

async function signedInContext(browser, server) {
  const context = await newContext(browser);
  const page = await context.newPage();
  // Sign in without a profile and without touching the console's files, then start from a cold cache.
  await page.goto(`${server.baseUrl}/core/auth/login/`, { waitUntil: 'commit' });
  const csrf = (await context.cookies()).find((c) => c.name === 'jms_csrftoken')?.value ?? '';
  const res = await page.request.post(`${server.baseUrl}/core/auth/login/`, {
    form: { username: 'admin', password: ADMIN_PASSWORD, csrfmiddlewaretoken: csrf, next: '/ui/' },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`sign-in failed: ${res.status()}`);
  // A user signed in through the login page, which stores the browser's time zone in the X-TZ cookie
  // (host/src/login/index.ts): without it the page's boot answers, made for no zone, would not match the
  // console's requests (made with the zone) and the console would ask again, which no real user pays.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await context.addCookies([{ name: 'X-TZ', value: encodeURIComponent(zone), url: server.baseUrl }]);
  await page.close();
  const fresh = await context.newPage();
  const cdp = await context.newCDPSession(fresh);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return { context, page: fresh };
}

/**
 * The seeded admin's first sign-in opens the first-login page (docs/profile.md#first-login); the scenarios
 * measure a returning user, so that page is passed once (the profile's is_first_login cleared) before them.
 */
async function finishFirstLogin(browser, server) {
  const { context, page } = await signedInContext(browser, server);
  const csrf = (await context.cookies()).find((c) => c.name === 'jms_csrftoken')?.value ?? '';
  const res = await page.request.patch(`${server.baseUrl}/api/v1/users/profile/`, {
    data: { is_first_login: false },
    headers: { 'X-CSRFToken': csrf },
  });
  if (!res.ok()) throw new Error(`clearing the first login failed: ${res.status()}`);
  await context.close();
}

async function directThenSecond(browser, server, profile, last) {
  const { context, page } = await signedInContext(browser, server);
  const net = await recordNetwork(page, profile);
  let requests = await net.mark();
  const profiler = CPU_PROFILE_DIR && last ? await startCpuProfile(page) : null;
  const trace = TRACE_DIR && last ? await startTrace(page) : null;
  let started = Date.now();
  await page.goto(`${server.baseUrl}${USERS_PATH}`, { waitUntil: 'commit' });
  let at = await seenAt(page, 'users', USER_ROW);
  if (profiler) await profiler.stop(CPU_PROFILE_DIR);
  if (trace) await stopTrace(page, trace, started, at);
  const direct = summarise(await requests(at), at - started, 'users list, direct URL');
  await page.waitForLoadState('networkidle');

  // Second plugin: the asset list through the sidebar (same tab, warm cache).
  const item = page.locator('[data-testid="menu-asset-list"]');
  if (!(await item.isVisible())) await page.click('[data-testid="menu-assets"]');
  await item.waitFor();
  requests = await net.mark();
  started = Date.now();
  await item.click();
  at = await seenAt(page, 'assets', ASSET_ROW);
  const second = summarise(await requests(at), at - started, 'second plugin (warm)');
  await context.close();
  return { direct, second };
}

/** Writes the trace of the users list opened directly and prints its breakdown (first-view-trace.mjs). */
async function stopTrace(page, trace, started, at) {
  const { timeOrigin, commits } = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    commits: window.__benchCommits ?? [],
  }));
  const events = await trace.stop();
  const fs = await import('node:fs');
  const path = await import('node:path');
  fs.mkdirSync(TRACE_DIR, { recursive: true });
  const window = { pagePath: USERS_PATH, timeOrigin, from: started, to: at, commits };
  // The window is kept with the events, so `node tests/bench/first-view-trace.mjs FILE` prints it again.
  fs.writeFileSync(
    path.join(TRACE_DIR, 'users-direct.trace.json'),
    JSON.stringify({ traceEvents: events, metadata: { benchWindow: window } }),
  );
  printTraceBreakdown(events, window);
}

/**
 * The page's JavaScript CPU profile (CDP Profiler, sampling every 100 µs) from before the navigation to the
 * rows; `stop(dir)` writes it and prints the functions with the most self time.
 */
async function startCpuProfile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  return {
    async stop(dir) {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      const fs = await import('node:fs');
      const path = await import('node:path');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'users-direct.cpuprofile'), JSON.stringify(profile));
      const self = new Map();
      const dt = new Map();
      profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
      for (const node of profile.nodes) {
        const f = node.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/ui\//, '')}:${f.lineNumber + 1}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0));
      }
      console.log(`\nusers list, direct URL — main-thread self time (top 25), profile in ${dir}`);
      for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`  ${(us / 1000).toFixed(1).padStart(7)} ms  ${key}`);
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function medianOf(results) {
  const pick = (key) => median(results.map((r) => r[key]));
  const kinds = new Set(results.flatMap((r) => Object.keys(r.byKind)));
  const byKind = {};
  for (const k of kinds) byKind[k] = median(results.map((r) => r.byKind[k] ?? 0));
  return {
    ms: pick('ms'),
    cpuMs: pick('cpuMs'),
    browserCpuMs: pick('browserCpuMs'),
    requests: pick('requests'),
    cached: pick('cached'),
    bytes: pick('bytes'),
    depth: pick('depth'),
    byKind,
  };
}

const kb = (n) => `${(n / 1024).toFixed(1)}`;
const KINDS = ['html', 'js', 'css', 'fonts', 'locales', 'api', 'other'];

function printTable(profileName, profile, rows) {
  console.log(
    `\nprofile ${profileName}: ${profile.latency} ms round trip, ${profile.down / 1e6} Mbit/s down, ` +
      `${profile.up / 1e6} Mbit/s up — median of ${RUNS} run(s), bytes on the wire in KB`,
  );
  const head = [
    'scenario',
    'time',
    'target',
    'page CPU',
    'browser CPU',
    'requests',
    'cached',
    'depth',
    'total KB',
    ...KINDS,
  ];
  const lines = [head];
  for (const [name, target, r] of rows) {
    lines.push([
      name,
      `${(r.ms / 1000).toFixed(2)} s`,
      target ? `${(target / 1000).toFixed(1)} s` : '',
      `${(r.cpuMs / 1000).toFixed(2)} s`,
      `${(r.browserCpuMs / 1000).toFixed(2)} s`,
      String(r.requests),
      String(r.cached),
      String(r.depth),
      kb(r.bytes),
      ...KINDS.map((k) => (r.byKind[k] ? kb(r.byKind[k]) : '')),
    ]);
  }
  const widths = head.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const l of lines)
    console.log(l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}

const { dataDir } = seedDataDir(0, ['--demo']);
const server = await startServer(dataDir, { BASTION_DEMO_PASSWORD: 'Bench-Demo-Pass-1' });
const browser = await launchChromium();
try {
  await finishFirstLogin(browser, server);
  for (const [name, profile] of Object.entries(PROFILES)) {
    if (onlyProfile && onlyProfile !== name) continue;
    const runs = { login: [], signIn: [], direct: [], second: [] };
    for (let i = 0; i < RUNS; i += 1) {
      runs.login.push(await loginPage(browser, server, profile));
      runs.signIn.push(await signInToAssets(browser, server, profile));
      const { direct, second } = await directThenSecond(browser, server, profile, i === RUNS - 1);
      runs.direct.push(direct);
      runs.second.push(second);
    }
    printTable(name, profile, [
      ['login page', profile.targets.login, medianOf(runs.login)],
      ['sign-in → asset rows', profile.targets.signIn, medianOf(runs.signIn)],
      ['users list, direct URL', profile.targets.direct, medianOf(runs.direct)],
      ['second plugin (warm)', undefined, medianOf(runs.second)],
    ]);
  }
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(dataDir);
}
