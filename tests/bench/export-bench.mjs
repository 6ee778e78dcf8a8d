// npm run bench:export — prints (does not assert): export of 100k assets as csv and xlsx (wall time to the
// last byte, peak RSS of the server process from /proc), and render-to-json of a 10 MB CSV.
// Targets (issue 3): csv <= 3 s, xlsx <= 10 s, peak RSS <= 300 MB.
// The contract caps exports at 10,000 rows; the engine currently applies no cap, so 100k rows stream as-is.
import http from 'node:http';
import {
  adminHeaders,
  removeDataDir,
  request,
  rssMb,
  seedDataDir,
  startServer,
  withPeakRss,
} from './bench-server.mjs';

const ASSETS = Number(process.env.BENCH_ASSETS ?? 100_000);
const CSV_MB = Number(process.env.BENCH_CSV_MB ?? 10);
const LIST = '/api/v1/assets/assets/';

/** A CSV in the asset import template's shape (header from the server), `megabytes` large. */
async function importCsv(agent, baseUrl, headers, megabytes) {
  const template = await request(agent, baseUrl, `${LIST}?format=csv&template=import&limit=1`, headers);
  const header = template.body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')[0];
  const columns = header.split(',');
  const lines = [header];
  let size = header.length;
  for (let i = 0; size < megabytes * 1024 * 1024; i += 1) {
    const cells = columns.map((title) => {
      if (/hostname|主机名/i.test(title)) return `import-${String(i).padStart(7, '0')}`;
      if (/^\*?IP$/.test(title)) return `172.16.${(i >> 8) & 255}.${i & 255}`;
      if (/platform|系统平台/i.test(title)) return 'Linux';
      if (/protocols|协议组/i.test(title)) return '"[""ssh/22""]"';
      if (/comment|备注/i.test(title)) return 'imported by the benchmark';
      return '';
    });
    const line = cells.join(',');
    lines.push(line);
    size += line.length + 2;
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

const { dataDir, seedLog } = seedDataDir(ASSETS);
console.log(`seed: ${seedLog}`);
let server;
try {
  server = await startServer(dataDir);
  const headers = await adminHeaders(server.baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  console.log(`server RSS at rest: ${rssMb(server.pid).toFixed(0)} MB`);
  for (const format of ['csv', 'xlsx']) {
    const { value, peakMb } = await withPeakRss(server.pid, () =>
      request(agent, server.baseUrl, `${LIST}?format=${format}`, headers),
    );
    const rows = format === 'csv' ? value.body.toString('utf8').split('\r\n').length - 2 : NaN;
    console.log(
      `export ${format.padEnd(4)} ${value.status}  ${(value.ms / 1000).toFixed(2)} s  ` +
        `${(value.body.length / 1024 / 1024).toFixed(1)} MB${Number.isNaN(rows) ? '' : `  ${rows} rows`}  peak RSS ${peakMb.toFixed(0)} MB`,
    );
  }
  const csv = await importCsv(agent, server.baseUrl, headers, CSV_MB);
  const { value, peakMb } = await withPeakRss(server.pid, () =>
    request(
      agent,
      server.baseUrl,
      `${LIST}render-to-json/`,
      { ...headers, 'content-type': 'text/csv' },
      { method: 'POST', body: csv },
    ),
  );
  const parsed = value.status === 200 ? JSON.parse(value.body.toString('utf8')) : null;
  console.log(
    `render-to-json ${(csv.length / 1024 / 1024).toFixed(1)} MB csv: ${value.status}  ${(value.ms / 1000).toFixed(2)} s  ` +
      `${parsed ? `${parsed.data.length} rows, ${parsed.title.length} columns` : value.body.toString('utf8').slice(0, 200)}  peak RSS ${peakMb.toFixed(0)} MB`,
  );
} finally {
  await server?.stop();
  removeDataDir(dataDir);
}
