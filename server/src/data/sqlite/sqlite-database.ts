import { AsyncLocalStorage } from 'node:async_hooks';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Database, Notifications, Row, RunResult } from '../database';
import { DatabaseUnavailableError, UniqueViolation } from '../database';
import { bindable } from '../parameters';
import { rowBuilder } from '../row-builder';
import { sqliteDialect } from './sqlite-dialect';

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

/** Compiled statements kept by their text (better-sqlite3 compiles on every prepare). */
const STATEMENT_CACHE_LIMIT = 2000;

/**
 * The embedded backend: one better-sqlite3 connection in WAL mode on `<dataDir>/bastion.sqlite3`.
 *
 * better-sqlite3 runs each statement synchronously, so a statement never interleaves with another; an
 * asynchronous transaction, though, could let other requests' statements run inside it while it awaits.
 * A transaction therefore holds a lock: statements from its own async context (AsyncLocalStorage) run at
 * once, every other statement waits until it commits or rolls back.
 */
export class SqliteDatabase implements Database {
  readonly dialect = sqliteDialect;
  readonly notifications: Notifications;
  private readonly statements = new Map<string, Prepared>();
  private readonly scope = new AsyncLocalStorage<symbol>();
  /** The running transaction's token and the promise that settles when it ends. */
  private current: { token: symbol; done: Promise<void> } | null = null;
  private readonly held = new Set<string>();
  writes = 0;

  private constructor(
    private readonly handle: BetterSqlite3.Database,
    readonly location: string,
  ) {
    this.notifications = localNotifications();
  }

  static open(dataDir: string): SqliteDatabase {
    const file = path.join(dataDir, DATABASE_FILE_NAME);
    let handle: BetterSqlite3.Database;
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      handle = new BetterSqlite3(file);
      handle.pragma('journal_mode = WAL');
      // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
      handle.pragma('synchronous = NORMAL');
      handle.pragma('foreign_keys = ON');
      handle.pragma('busy_timeout = 5000');
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
    const { statement } = this.prepare(sql);
    try {
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
    this.handle.exec(sql);
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
    try {
      this.handle.exec('BEGIN IMMEDIATE');
      try {
        const result = await this.scope.run(token, work);
        this.handle.exec('COMMIT');
        this.writes += 1;
        return result;
      } catch (error) {
        if (this.handle.inTransaction) this.handle.exec('ROLLBACK');
        throw error;
      }
    } finally {
      this.current = null;
      release();
    }
  }

  async lock(name: string): Promise<void> {
    if (!this.inTransaction()) throw new Error(`lock("${name}") outside a transaction`);
  }

  async runExclusive(name: string, work: () => Promise<void>): Promise<boolean> {
    if (this.held.has(name)) return false;
    this.held.add(name);
    try {
      await work();
      return true;
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
    if (this.handle.open) this.handle.close();
  }
}

/** A unique-constraint failure as the data layer's UniqueViolation; anything else as it is. */
function translated(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
    ? new UniqueViolation((error as Error).message)
    : error;
}

/** One process per SQLite file: notifications stay in this process (asynchronously, as over a network). */
function localNotifications(): Notifications {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      setImmediate(() => emitter.emit(channel, payload));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}
