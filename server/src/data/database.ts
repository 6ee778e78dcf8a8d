import type { Dialect } from './dialect';

/**
 * The one asynchronous data layer every store and the engine use (docs/data-layer.md). Two backends sit
 * behind it — SQLite (embedded default) and PostgreSQL (`BASTION_DATABASE_URL`) — and nothing outside
 * `server/src/data`, `server/src/engine/storage`, `server/src/engine/sql` and the stores writes SQL.
 *
 * SQL handed to it is written once for both backends: `?` placeholders (the PostgreSQL backend numbers
 * them), the portable subset both engines share (`ON CONFLICT … DO UPDATE`, `RETURNING`, `COALESCE`, …) and,
 * where the two differ, a fragment from `db.dialect` (list membership, case-insensitive match, column
 * types, search indexes). Values travel as bound parameters only.
 */

/** A row as a driver returns it: column name → value (booleans are stored 0/1, datetimes epoch ms). */
export type Row = Record<string, unknown>;

/** What a write did (an insert that needs its generated id asks for it with `RETURNING id`). */
export interface RunResult {
  changes: number;
}

/** How a read is planned. */
export interface ReadOptions {
  /**
   * Plan the statement for the values it runs with, every time (PostgreSQL: sent unnamed, so never under a
   * generic plan cached for its text). For statements whose best plan depends on a value: a LIKE pattern
   * matching one row in six in one request and none in the next (docs/data-layer.md#search-planning).
   * SQLite's planner does not look at bound values: it ignores this.
   */
  planForValues?: boolean;
}

export interface Queryable {
  /** Every row of a select (or of `… RETURNING`). */
  all<T = Row>(sql: string, params?: readonly unknown[], options?: ReadOptions): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Row>(sql: string, params?: readonly unknown[], options?: ReadOptions): Promise<T | undefined>;
  /** A write; `changes` is the number of rows it touched. */
  run(sql: string, params?: readonly unknown[]): Promise<RunResult>;
  /** Several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly dialect: Dialect;
  /** Where the data lives, for messages: the SQLite file, or the URL without its password. */
  readonly location: string;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws. Every query
   * made through this `Database` from inside `work` (also from functions it awaits) joins the transaction;
   * queries from elsewhere wait for it (SQLite) or use other connections (PostgreSQL). Nested calls join
   * the outer transaction.
   */
  transaction<T>(work: () => Promise<T>): Promise<T>;
  /** Whether the caller runs inside `transaction` (caches must neither read nor fill there). */
  inTransaction(): boolean;
  /**
   * Grows with every statement through this handle that may have written (and with every commit): a
   * snapshot of write versions taken at one value is outdated by any write of this instance since
   * (data/write-versions.ts).
   */
  readonly writes: number;
  /**
   * A number that changes whenever another connection commits to this database — SQLite's
   * `data_version`, which also sees the commits of the other workers on the file — or null where no such cheap mark exists
   * (PostgreSQL: other instances write). With `writes` it tells whether anything may have changed.
   */
  otherWritesMark(): Promise<number | null>;
  /**
   * Inside a transaction: waits until no other transaction on this database holds the lock `name`, then
   * holds it until this one ends (PostgreSQL advisory transaction lock) — for values that must not race
   * across instances (the next node key of an org). On SQLite a write transaction already excludes every
   * other, so it returns at once.
   */
  lock(name: string): Promise<void>;
  /**
   * Runs `work` while holding the lock `name` across every instance on this database (PostgreSQL advisory
   * lock; SQLite: an OS file lock beside the database, across the workers on the file). Resolves to false, without running
   * `work`, when another holder has it now.
   */
  runExclusive(name: string, work: () => Promise<void>): Promise<boolean>;
  /** Publish/subscribe between every instance on this database (WebSocket fan-out). */
  readonly notifications: Notifications;
  /** Round trip of a trivial query, for the health endpoint. */
  ping(): Promise<{ ok: boolean; seconds: number }>;
  close(): Promise<void>;
}

/**
 * Messages between instances: SQLite = this process, or the workers of one server through their cluster's
 * primary; PostgreSQL = LISTEN/NOTIFY. Published inside a transaction = sent at its commit. Payloads ≤ 7,000
 * bytes.
 */
export interface Notifications {
  publish(channel: string, payload: string): Promise<void>;
  /** Calls `listener` for each payload published on `channel` by any instance; returns the unsubscribe. */
  subscribe(channel: string, listener: (payload: string) => void): Promise<() => void>;
}

/**
 * A write refused by a unique index or primary key (a value another request took meanwhile): both
 * backends throw this instead of their own error, so callers answer 409 rather than 500.
 */
export class UniqueViolation extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UniqueViolation';
  }
}

/**
 * A value the database cannot even take as a parameter (a NUL character: PostgreSQL text has none). It
 * comes from a request, never from stored data, so it is the client's fault: answered 400, not 500.
 */
export class InvalidParameter extends Error {
  readonly statusCode = 400;
  constructor() {
    super('The request holds a character the server does not accept (NUL).');
    this.name = 'InvalidParameter';
  }
}

/**
 * The database stayed locked by another writer longer than the backend waits (SQLite: the busy time-out,
 * another worker's or process's write transaction; PostgreSQL: `lock_timeout`, when an operator set one).
 * Nothing was written; the same request may well succeed a moment later, so the server answers 503 with
 * `Retry-After` rather than 500 (docs/data-layer.md#a-busy-database-answers-503).
 */
export class DatabaseBusy extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseBusy';
  }
}

/** Thrown for an unreachable or misconfigured database: `message` is the one line the CLI prints. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}
