import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/**
 * A lock across every process on one data directory, by name (docs/data-layer.md#several-workers-on-one-sqlite-file):
 * an exclusive SQLite lock (fcntl) on a small file of its own in `<dir>/`. The operating system releases it
 * when its holder ends — also a worker killed in the middle of a job — so there is no lease to expire.
 * Returns the release function, or null when another connection (of any process) holds the name now.
 */
export function tryFileLock(dir: string, name: string): (() => void) | null {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${crypto.createHash('sha256').update(name).digest('hex').slice(0, 24)}.lock`);
  // No busy time-out (better-sqlite3's default waits 5 s): a held lock is an answer, not a wait.
  const handle = new BetterSqlite3(file, { timeout: 0 });
  try {
    // Nothing is ever written: no journal file is needed beside it.
    handle.pragma('journal_mode = OFF');
    handle.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    handle.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
  // Closing the connection ends its transaction and with it the lock.
  return () => handle.close();
}
