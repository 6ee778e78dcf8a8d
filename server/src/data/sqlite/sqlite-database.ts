import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database, Notifications, Row, RunResult } from '../database';
import { DatabaseBusy, DatabaseUnavailableError, UniqueViolation } from '../database';
import { bindable } from '../parameters';
import { rowBuilder } from '../row-builder';
import { tryFileLock } from './file-lock';
import { sqliteDialect } from './sqlite-dialect';
import { localNotifications, workerNotifications } from './worker-notifications';

export const DATABASE_FILE_NAME = 'bastion.sqlite3';

type Statement = BetterSqlite3.Statement<unknown[]>;

/**
 * A compiled statement and, for one that returns rows, the builder of its row objects. better-sqlite3
 * builds each row object property by property; a list page of 15 assets × 31 columns spent more time
 * there than in SQLite. Reading rows as arrays (raw mode) and building them with an object literal of
 * the statement's column names costs about half as much (docs/data-layer.md#the-fast-path).
 */
interface Prepared {
  statement: Statement;
  toRow: ((values: unknown[]) => Row) | null;
}

/** Bytes of the database file SQLite maps into memory (the largest SQLite allows by default is 2 GiB). */
const MMAP_SIZE = 1024 ** 3;

/** Beside the database file: the files of `runExclusive`'s locks (file-lock.ts). */
const LOCKS_DIR = 'bastion.locks';

/**
 * How long a write waits for another process's write transaction (workers on one file) before it fails
 * with SQLITE_BUSY (answered 503, `DatabaseBusy`): far longer than any transaction of this server holds
 * the lock. `BASTION_SQLITE_BUSY_TIMEOUT_MS` changes it.
 */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export interface SqliteOptions {
  /** The busy time-out in milliseconds (default `DEFAULT_BUSY_TIMEOUT_MS`). */
  busyTimeoutMs?: number;
}

/** Compiled statements kept by their text (better-sqlite3 compiles on every prepare). */
const STATEMENT_CACHE_LIMIT = 2000;

/**
 * The embedded backend: one better-sqlite3 connection in WAL mode on `<dataDir>/bastion.sqlite3`.
 *
 * better-sqlite3 runs each statement synchronously, so a statement never interleaves with another; an
 * asynchronous transaction, though, could let other requests' statements run inside it while it awaits.
 * A transaction therefore holds a lock: statements from its own async context (AsyncLocalStorage) run at
 * once, every other statement waits until it commits or rolls back.
 *
 * Several processes may share the file as the workers of one server (`BASTION_WORKERS`,
 * docs/data-layer.md#several-workers-on-one-sqlite-file): WAL lets them read at once; a write transaction
 * starts with `BEGIN IMMEDIATE`, which waits (busy time-out) while another process writes; `data_version`
 * tells the write-version caches of another process's commits; notifications go through the cluster's
 * primary; `runExclusive` takes an OS file lock.
 */
export class SqliteDatabase implements Database {
  readonly dialect = sqliteDialect;
  readonly notifications: Notifications;
  private readonly statements = new Map<string, Prepared>();
  private readonly scope = new AsyncLocalStorage<symbol>();
  /** The running transaction's token and the promise that settles when it ends. */
  private current: { token: symbol; done: Promise<void> } | null = null;
  private readonly held = new Set<string>();
  /** Publications made inside the running transaction: sent once it commits, dropped if it rolls back. */
  private pending: Array<[string, string]> = [];
  private readonly transport: Notifications & { close?(): void };
  writes = 0;

  private constructor(
    private readonly handle: BetterSqlite3.Database,
    readonly location: string,
  ) {
    this.transport = cluster.isWorker ? workerNotifications() : localNotifications();
    this.notifications = {
      publish: async (channel, payload) => {
        // Another worker's subscriber reads at once: it must not hear of a write it cannot see yet.
        if (this.inTransaction()) this.pending.push([channel, payload]);
        else await this.transport.publish(channel, payload);
      },
      subscribe: (channel, listener) => this.transport.subscribe(channel, listener),
    };
  }

  static open(dataDir: string, options: SqliteOptions = {}): SqliteDatabase {
    const file = path.join(dataDir, DATABASE_FILE_NAME);
    let handle: BetterSqlite3.Database;
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      handle = new BetterSqlite3(file);
      handle.pragma('journal_mode = WAL');
      // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
      handle.pragma('synchronous = NORMAL');
      handle.pragma('foreign_keys = ON');
      handle.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS))}`);
      // Pages read through a memory map instead of a read() each (docs/data-layer.md#the-fast-path): a
      // list page's rows and the walk of a search cost about a third less CPU. Address space only; the
      // kernel's page cache holds the pages either way.
      handle.pragma(`mmap_size = ${MMAP_SIZE}`);
    } catch (error) {
      throw new DatabaseUnavailableError(
        `cannot open the SQLite database ${file}: ${(error as Error).message}`,
      );
    }
    return new SqliteDatabase(handle, file);
  }

  private prepare(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      const statement = this.handle.prepare<unknown[]>(sql);
      const toRow = statement.reader ? rowBuilder(statement.columns().map((c) => c.name)) : null;
      if (toRow) statement.raw(true);
      prepared = { statement, toRow };
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      this.statements.set(sql, prepared);
    }
    if (!prepared.statement.readonly) this.writes += 1;
    return prepared;
  }

  /**
   * Whether a statement may run now: no transaction, or the caller's own. Callers loop on it and run their
   * statement in the same synchronous step as the last check, so no transaction can begin in between.
   */
  private get free(): boolean {
    return this.current === null || this.scope.getStore() === this.current.token;
  }

  private get ending(): Promise<void> {
    return this.current?.done ?? Promise.resolve();
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    while (!this.free) await this.ending;
    try {
      const { statement, toRow } = this.prepare(sql);
      const rows = statement.all(...params.map(bindable));
      return (toRow ? (rows as unknown[][]).map(toRow) : rows) as T[];
    } catch (error) {
      throw translated(error);
    }
  }

  async get<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    while (!this.free) await this.ending;
    try {
      const { statement, toRow } = this.prepare(sql);
      const row = statement.get(...params.map(bindable));
      return (toRow && row !== undefined ? toRow(row as unknown[]) : row) as T | undefined;
    } catch (error) {
      throw translated(error);
    }
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    while (!this.free) await this.ending;
    try {
      const { statement } = this.prepare(sql);
      if (statement.reader) return { changes: statement.all(...params.map(bindable)).length };
      return { changes: statement.run(...params.map(bindable)).changes };
    } catch (error) {
      throw translated(error);
    }
  }

  private dataVersion: Statement | null = null;

  async otherWritesMark(): Promise<number | null> {
    while (!this.free) await this.ending;
    this.dataVersion ??= this.handle.prepare<unknown[]>('PRAGMA data_version').pluck();
    return Number(this.dataVersion.get());
  }

  async exec(sql: string): Promise<void> {
    while (!this.free) await this.ending;
    this.writes += 1;
    try {
      this.handle.exec(sql);
    } catch (error) {
      throw translated(error);
    }
  }

  inTransaction(): boolean {
    return this.current !== null && this.scope.getStore() === this.current.token;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return work();
    while (!this.free) await this.ending;
    const token = Symbol('transaction');
    let release = (): void => undefined;
    const done = new Promise<void>((resolve) => (release = resolve));
    this.current = { token, done };
    this.pending = [];
    let published: Array<[string, string]> = [];
    try {
      // Takes the write lock now (another worker's write transaction is waited for, up to the busy
      // time-out), so the transaction never fails half-way for want of it.
      try {
        this.handle.exec('BEGIN IMMEDIATE');
      } catch (error) {
        throw translated(error);
      }
      try {
        const result = await this.scope.run(token, work);
        try {
          this.handle.exec('COMMIT');
        } catch (error) {
          throw translated(error);
        }
        this.writes += 1;
        published = this.pending;
        return result;
      } catch (error) {
        if (this.handle.inTransaction) this.handle.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.pending = [];
      this.current = null;
      release();
      for (const [channel, payload] of published)
        this.transport.publish(channel, payload).catch(() => undefined);
    }
  }

  async lock(name: string): Promise<void> {
    if (!this.inTransaction()) throw new Error(`lock("${name}") outside a transaction`);
  }

  async runExclusive(name: string, work: () => Promise<void>): Promise<boolean> {
    if (this.held.has(name)) return false;
    this.held.add(name);
    try {
      // Across processes (workers on this file), and across handles within one.
      const release = tryFileLock(path.join(path.dirname(this.location), LOCKS_DIR), name);
      if (release === null) return false;
      try {
        await work();
        return true;
      } finally {
        release();
      }
    } finally {
      this.held.delete(name);
    }
  }

  async ping(): Promise<{ ok: boolean; seconds: number }> {
    const started = process.hrtime.bigint();
    try {
      await this.get('SELECT 1');
      return { ok: true, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    } catch {
      return { ok: false, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    }
  }

  async close(): Promise<void> {
    this.transport.close?.();
    if (this.handle.open) this.handle.close();
  }
}

/**
 * A unique-constraint failure as the data layer's UniqueViolation, the lock still held by another writer
 * after the busy time-out (SQLITE_BUSY and its extended codes) as DatabaseBusy; anything else as it is.
 */
function translated(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return new UniqueViolation((error as Error).message);
  if (code === 'SQLITE_BUSY' || code?.startsWith('SQLITE_BUSY_')) return new DatabaseBusy((error as Error).message);
  return error;
}
