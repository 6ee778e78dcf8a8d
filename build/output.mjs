// Writing build output: content-hashed names, SRI integrity, precompressed copies, and the size report.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzipSync, constants } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);

export const contentHash = (content) => createHash('sha256').update(content).digest('hex').slice(0, 12);

export const integrity = (content) => `sha384-${createHash('sha384').update(content).digest('base64')}`;

/**
 * Text assets worth precompressing: the server sends the .br copy to clients that accept brotli, else the .gz
 * copy to clients that accept gzip (server/src/ui/send-file.ts).
 */
const COMPRESSIBLE = /\.(js|css|json|html|svg|map)$/;

/** The brotli copy of a file at the best compression (done once, at build time, on libuv's thread pool). */
export const brotliOf = (buffer) =>
  brotliAsync(buffer, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
    },
  });

export class Output {
  constructor(uiDir) {
    this.uiDir = uiDir;
    /** @type {{ id: string, url: string, bytes: number, gzip: number, brotli: number }[]} */
    this.modules = [];
    /** Brotli copies being written; `flush()` waits for them. */
    this.pending = [];
  }

  /** Wait until every precompressed copy is on disk (and the report knows its size). */
  async flush() {
    while (this.pending.length) await Promise.all(this.pending.splice(0));
  }

  /** Write `content` to `relPath` (relative to dist/ui) and return its URL and integrity. */
  write(relPath, content, id = relPath) {
    const buffer = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const file = path.join(this.uiDir, relPath);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, buffer);
    const url = `/ui/${relPath.split(path.sep).join('/')}`;
    const entry = { id, url, bytes: buffer.length, gzip: buffer.length, brotli: buffer.length };
    if (COMPRESSIBLE.test(relPath) && buffer.length > 256) {
      const gz = gzipSync(buffer, { level: constants.Z_BEST_COMPRESSION });
      writeFileSync(`${file}.gz`, gz);
      entry.gzip = gz.length;
      this.pending.push(
        brotliOf(buffer).then((br) => {
          writeFileSync(`${file}.br`, br);
          entry.brotli = br.length;
        }),
      );
    }
    if (/\.(js|css)$/.test(relPath)) this.modules.push(entry);
    return { url, integrity: integrity(buffer), bytes: buffer.length };
  }

  /** Write with a content hash in the name: dir/name-<hash>.ext */
  writeHashed(dir, name, ext, content, id) {
    return this.write(path.join(dir, `${name}-${contentHash(content)}${ext}`), content, id);
  }
}

/** Prints `label` with its seconds once `work` (started just now) is done: progress while the build runs. */
export function step(label, work) {
  const started = performance.now();
  return work.then((value) => {
    console.log(`  ✓ ${label.padEnd(30)} ${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s`);
    return value;
  });
}

const kb = (n) => `${(n / 1024).toFixed(1).padStart(8)} KB`;

export function printReport(modules, seconds) {
  const groups = new Map();
  for (const m of modules) {
    // Standalone PrimeReact components are one file each: report them as one line with a count.
    const key = m.id.startsWith('primereact/') ? 'primereact/* (standalone components)' : m.id;
    const g = groups.get(key) ?? { bytes: 0, gzip: 0, brotli: 0, files: 0 };
    g.bytes += m.bytes;
    g.gzip += m.gzip;
    g.brotli += m.brotli;
    g.files += 1;
    groups.set(key, g);
  }
  const rows = [...groups.entries()].sort((a, b) => b[1].brotli - a[1].brotli);
  console.log(
    `\n${'module'.padEnd(44)} ${'min'.padStart(11)} ${'gzip'.padStart(11)} ${'brotli'.padStart(11)}`,
  );
  for (const [id, g] of rows) {
    const label = g.files > 1 ? `${id} [${g.files} files]` : id;
    console.log(`${label.padEnd(44)} ${kb(g.bytes)} ${kb(g.gzip)} ${kb(g.brotli)}`);
  }
  const sum = (key) => modules.reduce((s, m) => s + m[key], 0);
  console.log(`${'total'.padEnd(44)} ${kb(sum('bytes'))} ${kb(sum('gzip'))} ${kb(sum('brotli'))}`);
  console.log(`\nbuild finished in ${seconds.toFixed(2)} s`);
}
