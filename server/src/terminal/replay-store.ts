import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The replay storage of the local kind (docs/terminal.md#replays): one gzipped asciicast per session,
 * `<data dir>/replays/<session id>.cast.gz`. The id is a UUID checked by the caller's lookup, so no name
 * from a request ever reaches the file system.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const replayDir = (dataDir: string): string => path.join(dataDir, 'replays');

export function replayPath(dataDir: string, sessionId: string): string {
  if (!UUID.test(sessionId)) throw new Error('a replay is named by its session id');
  return path.join(replayDir(dataDir), `${sessionId.toLowerCase()}.cast.gz`);
}

export class ReplayRefused extends Error {}

/**
 * Checks that the upload is an asciicast (v2, or v3 whose header has the same shape) — gzipped or not —
 * and returns it gzipped.
 */
export function asciicastGzip(upload: Buffer): Buffer {
  const gzipped = upload.length >= 2 && upload[0] === 0x1f && upload[1] === 0x8b;
  let text: Buffer;
  try {
    text = gzipped ? zlib.gunzipSync(upload, { maxOutputLength: 1024 * 1024 * 1024 }) : upload;
  } catch {
    throw new ReplayRefused('not a readable gzip file');
  }
  const end = text.indexOf(0x0a);
  const first = text.subarray(0, end === -1 ? text.length : end).toString('utf8');
  let header: unknown;
  try {
    header = JSON.parse(first);
  } catch {
    throw new ReplayRefused('the first line is no asciicast header');
  }
  const version = (header as { version?: unknown } | null)?.version;
  if (version !== 2 && version !== 3) throw new ReplayRefused('only asciicast v2 and v3 are accepted');
  return gzipped ? upload : zlib.gzipSync(text);
}

export async function saveReplay(dataDir: string, sessionId: string, gzip: Buffer): Promise<void> {
  const file = replayPath(dataDir, sessionId);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  // Written aside, then renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.part`;
  await fs.promises.writeFile(partial, gzip);
  await fs.promises.rename(partial, file);
}

export function replayExists(dataDir: string, sessionId: string): boolean {
  return fs.existsSync(replayPath(dataDir, sessionId));
}
