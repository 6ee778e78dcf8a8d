// npm run bench:build — prints (does not assert): build wall time and peak RSS of the build's process tree,
// then the bytes a browser transfers from the login page to the first rendered plugin page, by kind.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../support/chromium.mjs';
import { startServerProcess } from '../support/server-process.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** Resident memory of a process and all its descendants, from /proc (kB). */
function treeRssKb(pid) {
  let total = 0;
  const visit = (p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim();
      for (const c of children ? children.split(/\s+/) : []) visit(Number(c));
    } catch {
      // the process ended between two reads
    }
  };
  visit(pid);
  return total;
}

async function measureBuild() {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'build/build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(child.pid))), 25);
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise((r) => child.on('exit', r));
  clearInterval(timer);
  if (code !== 0) throw new Error(`build failed:\n${out}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: peak / 1024 };
}

function kindOf(url) {
  const p = new URL(url).pathname;
  if (p.startsWith('/api/')) return 'api';
  if (p.startsWith('/ui/plugins/')) return 'plugins';
  if (p.startsWith('/ui/vendor/')) return 'vendors';
  if (p.startsWith('/ui/modules/')) return 'host + sdk';
  if (p.startsWith('/ui/css/')) return 'css + fonts';
  if (p.startsWith('/ui/libs/')) return 'loader, login page script';
  if (p.startsWith('/ui/locales/')) return 'locales';
  return 'pages + import map';
}

async function measureFirstPage() {
  const server = await startServerProcess();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const responses = [];
    page.on('requestfinished', async (request) => {
      const sizes = await request.sizes().catch(() => undefined);
      if (sizes)
        responses.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
    });
    const started = performance.now();
    await page.goto(`${server.baseUrl}/core/auth/login/`);
    await page.fill('#username', 'admin');
    await page.fill('#password', server.adminPassword);
    await Promise.all([page.waitForURL(/\/ui\//), page.click('button[type=submit]')]);
    await page.waitForSelector('[data-testid^="menu-"]');
    await page.waitForLoadState('networkidle');
    const ms = performance.now() - started;
    const byKind = new Map();
    for (const r of responses) byKind.set(kindOf(r.url), (byKind.get(kindOf(r.url)) ?? 0) + r.bytes);
    return { ms, byKind, requests: responses.length, total: responses.reduce((s, r) => s + r.bytes, 0) };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const build = await measureBuild();
console.log(
  `build: ${build.seconds.toFixed(2)} s wall, peak RSS ${build.peakMb.toFixed(0)} MB (build process tree)`,
);
const first = await measureFirstPage();
console.log(
  `\nlogin -> first plugin page: ${first.requests} requests, ${(first.ms / 1000).toFixed(2)} s, bytes on the wire (brotli or gzip where accepted):`,
);
for (const [kind, bytes] of [...first.byKind].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${kind.padEnd(26)} ${(bytes / 1024).toFixed(1).padStart(8)} KB`);
}
console.log(`  ${'total'.padEnd(26)} ${(first.total / 1024).toFixed(1).padStart(8)} KB`);
