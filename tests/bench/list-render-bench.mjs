// node tests/bench/list-render-bench.mjs — prints (does not assert), against the built console (dist/):
//  1. the time from the list data arriving to the rows being rendered, 100 rows per page (the kit's own
//     `crud:list-render` performance measure, from the answer of the list GET to the commit of the rows);
//  2. the bytes a browser transfers for the users list page right after login (gzip where accepted), by kind.
// Target for the first list page: ≤ 250 KB in total.
import { launchChromium } from '../support/chromium.mjs';
import { startServerProcess } from '../support/server-process.mjs';

const ROWS = 100;
const RUNS = 7;

function kindOf(url) {
  const p = new URL(url).pathname;
  if (p.startsWith('/api/')) return 'api';
  if (p.startsWith('/ui/plugins/')) return 'plugins';
  if (p.startsWith('/ui/vendor/primereact')) return 'vendors: primereact (standalone)';
  if (p.startsWith('/ui/vendor/')) return 'vendors: other';
  if (p.startsWith('/ui/modules/sdk/')) return 'sdk (entry + kit chunks)';
  if (p.startsWith('/ui/modules/')) return 'host';
  if (p.startsWith('/ui/css/')) return 'css + fonts';
  if (p.startsWith('/ui/libs/')) return 'loader, login page script';
  if (p.startsWith('/ui/locales/')) return 'locales';
  return 'pages + import map';
}

async function signIn(page, server) {
  await page.goto(`${server.baseUrl}/core/auth/login/`);
  await page.fill('#username', 'admin');
  await page.fill('#password', server.adminPassword);
  await Promise.all([page.waitForURL(/\/ui\//), page.click('button[type=submit]')]);
}

async function seedUsers(page, server, count) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((c) => c.name.endsWith('csrftoken'))?.value ?? '';
  const headers = { 'X-CSRFToken': csrf, 'Content-Type': 'application/json', Referer: server.baseUrl };
  for (let i = 0; i < count; i += 1) {
    const n = String(i).padStart(4, '0');
    const res = await page.request.post(`${server.baseUrl}/api/v1/users/users/`, {
      headers,
      data: {
        name: `Bench User ${n}`,
        username: `bench${n}`,
        email: `bench${n}@example.com`,
        comment: `row ${n}`,
      },
    });
    if (res.status() !== 201) throw new Error(`seeding failed: ${res.status()} ${await res.text()}`);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await startServerProcess();
const browser = await launchChromium();
try {
  // 2. Bytes of the first list page after login (a fresh browser: nothing cached).
  const context = await browser.newContext({ locale: 'en' });
  const page = await context.newPage();
  await signIn(page, server);
  await seedUsers(page, server, ROWS + 20);
  await context.close();

  const fresh = await browser.newContext({ locale: 'en' });
  const p2 = await fresh.newPage();
  await p2.goto(`${server.baseUrl}/core/auth/login/`);
  await p2.fill('#username', 'admin');
  await p2.fill('#password', server.adminPassword);
  const responses = [];
  p2.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => undefined);
    if (sizes)
      responses.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize });
  });
  const started = performance.now();
  await Promise.all([p2.waitForURL(/\/ui\//), p2.click('button[type=submit]')]);
  await p2.goto(`${server.baseUrl}/ui/console/users/users`);
  await p2.locator('[data-testid="users-list"] tbody tr').nth(14).waitFor();
  await p2.waitForLoadState('networkidle');
  const ms = performance.now() - started;
  const firstPage = [...responses];
  const byKind = new Map();
  const countByKind = new Map();
  for (const r of firstPage) {
    byKind.set(kindOf(r.url), (byKind.get(kindOf(r.url)) ?? 0) + r.bytes);
    countByKind.set(kindOf(r.url), (countByKind.get(kindOf(r.url)) ?? 0) + 1);
  }
  const total = firstPage.reduce((s, r) => s + r.bytes, 0);

  // 1. Data arrival → rendered rows, 100 rows per page (the page size is kept in tableConfig).
  await p2.evaluate(
    (rows) => localStorage.setItem('tableConfig', JSON.stringify({ paginationSize: rows })),
    ROWS,
  );
  const renders = [];
  for (let i = 0; i < RUNS; i += 1) {
    await p2.reload();
    await p2
      .locator('[data-testid="users-list"] tbody tr')
      .nth(ROWS - 1)
      .waitFor();
    const measured = await p2.evaluate(() =>
      performance.getEntriesByName('crud:list-render').map((e) => e.duration),
    );
    if (measured.length) renders.push(measured[measured.length - 1]);
  }
  await fresh.close();

  console.log(`users list, ${ROWS} rows per page: data arrival -> rendered rows (${renders.length} runs)`);
  console.log(
    `  median ${median(renders).toFixed(1)} ms, min ${Math.min(...renders).toFixed(1)} ms, max ${Math.max(...renders).toFixed(1)} ms`,
  );
  console.log(
    `\nlogin -> users list page: ${firstPage.length} requests, ${(ms / 1000).toFixed(2)} s, bytes on the wire (brotli or gzip where accepted):`,
  );
  for (const [kind, bytes] of [...byKind].sort((a, b) => b[1] - a[1])) {
    console.log(
      `  ${kind.padEnd(28)} ${(bytes / 1024).toFixed(1).padStart(8)} KB  ${String(countByKind.get(kind)).padStart(4)} files`,
    );
  }
  if (process.env.BENCH_FILES)
    for (const r of [...firstPage].sort((a, b) => b.bytes - a.bytes).slice(0, 200))
      console.log('   ', r.bytes, new URL(r.url).pathname);
  console.log(`  ${'total'.padEnd(28)} ${(total / 1024).toFixed(1).padStart(8)} KB   (target <= 250 KB)`);
} finally {
  await browser.close();
  await server.stop();
}
