import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database, Notifications, ReadOptions, Row, RunResult } from '../database';
import { DatabaseBusy, DatabaseUnavailableError, InvalidParameter, UniqueViolation } from '../database';
import { bindable, numberPlaceholders } from '../parameters';
import { redactUrl } from '../database-url';
import { rowBuilder } from '../row-builder';
import { postgresDialect } from './postgres-dialect';

/** int8 (COUNT, epoch ms) and numeric as JS numbers: every value this product stores is below 2^53. */
const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;
const JSONB = 3802;
const asNumber = (value: string): number => Number(value);
const asText = (value: string): string => value;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8 || oid === NUMERIC) return asNumber;
    // JSON stays text, as SQLite returns it: its readers parse it (docs/data-layer.md#the-fast-path), and
    // rows of plain values can be cached frozen and shared instead of deep-copied for every caller.
    if (oid === JSON_OID || oid === JSONB) return asText;
    return pg.types.getTypeParser(oid, format);
  }) as typeof pg.types.getTypeParser,
};

/**
 * One NOTIFY channel per schema (deployments, and test servers, sharing a database never hear each other);
 * logical channels travel inside the payload.
 */
const channelOf = (schema: string): string => `bastion_${schema}`.slice(0, 63);
const POOL_SIZE = 16;
/** Statements shorter than this are prepared once per connection under a name (plans are reused). */
const NAMED_MAX = 4000;

/** A statement as sent (numbered, named when short) and the builder of its rows, made at its first result. */
interface Statement {
  text: string;
  name: string | undefined;
  reads: boolean;
  shape: { names: readonly string[]; build: (values: unknown[]) => Row } | null;
}

/**
 * Rows of a statement with a column named `__proto__`, which no literal can hold: built key by key, that
 * column left out (as better-sqlite3 leaves it out on SQLite), so a value never becomes a prototype.
 */
const objectOf = (names: readonly string[]) => {
  const kept = names.flatMap((name, i) => (name === '__proto__' ? [] : [[name, i] as const]));
  return (values: unknown[]): Row => {
    const row: Row = {};
    for (const [name, i] of kept) row[name] = values[i];
    return row;
  };
};

/** PostgreSQL text cannot hold NUL: such a parameter (or list item) is refused before it is sent. */
const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\0')
    : Array.isArray(value) && value.some((item) => typeof item === 'string' && item.includes('\0'));

/** The one line an operator reads when PostgreSQL cannot be used. */
export function describeConnectError(error: unknown, location: string): string {
  const e = error as { code?: string; message?: string };
  const reason =
    e.code === 'ECONNREFUSED'
      ? 'connection refused (is PostgreSQL running and listening there?)'
      : e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN'
        ? 'unknown host'
        : e.code === '28P01' || e.code === '28000'
          ? 'authentication failed (user or password)'
          : e.code === '3D000'
            ? 'the database does not exist (create it first: createdb)'
            : (e.message ?? String(error)).split('\n')[0];
  return `cannot use the PostgreSQL database ${location}: ${reason}`;
}

/**
 * The PostgreSQL backend: a pool of connections, statements numbered (`?` → `$n`) and prepared per
 * connection, transactions on one checked-out connection that every query of their async context uses,
 * LISTEN/NOTIFY for notifications between instances, advisory locks for exclusive jobs.
 */
export class PostgresDatabase implements Database {
  readonly dialect = postgresDialect;
  readonly notifications: Notifications;
  private readonly texts = new Map<string, Statement>();
  writes = 0;
  private readonly scope = new AsyncLocalStorage<pg.PoolClient>();

  private get listening(): PostgresNotifications {
    return this.notifications as PostgresNotifications;
  }

  private constructor(
    private readonly pool: pg.Pool,
    private readonly url: string,
    readonly location: string,
    channel: string,
  ) {
    this.notifications = new PostgresNotifications(url, location, channel, async (message) => {
      await this.run('SELECT pg_notify(?, ?)', [channel, message]);
    });
  }

  static async open(url: string): Promise<PostgresDatabase> {
    const location = redactUrl(url);
    const pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      types,
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection that breaks (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    let schema: string;
    try {
      const { rows } = await pool.query<{ schema: string | null }>('SELECT current_schema() AS schema');
      schema = rows[0]?.schema ?? '';
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnavailableError(describeConnectError(error, location));
    }
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnavailableError(
        `cannot use the PostgreSQL database ${location}: no usable schema in search_path (got "${schema}")`,
      );
    }
    const db = new PostgresDatabase(pool, url, location, channelOf(schema));
    // Listening from the start: a subscription made later is in effect at once, no message slips by.
    try {
      await db.listening.listen();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return db;
  }

  private statement(sql: string): Statement {
    let prepared = this.texts.get(sql);
    if (!prepared) {
      const text = numberPlaceholders(sql);
      const name =
        text.length < NAMED_MAX
          ? `s${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 20)}`
          : undefined;
      prepared = { text, name, reads: /^\s*SELECT\b/i.test(sql), shape: null };
      if (this.texts.size > 4000) this.texts.clear();
      this.texts.set(sql, prepared);
    }
    return prepared;
  }

  private async query(
    sql: string,
    params: readonly unknown[],
    options?: ReadOptions,
  ): Promise<{ statement: Statement; result: pg.QueryResult<unknown[]> }> {
    const statement = this.statement(sql);
    if (!statement.reads) this.writes += 1;
    const values = params.map(bindable);
    if (values.some(holdsNul)) throw new InvalidParameter();
    // Rows as arrays: the driver then builds no object per row; `rowsOf` builds them in one literal.
    // A named statement is prepared once per connection, and after five runs PostgreSQL may keep a generic
    // plan made without the values: for `input ILIKE $4` it estimated 25 rows for every pattern and chose a
    // bitmap of the trigram index over the week (80 ms for `nginx`) instead of the order-index walk that
    // stops at the bound (11 ms). An unnamed statement is planned with its values each time.
    const name = options?.planForValues ? undefined : statement.name;
    const config: pg.QueryArrayConfig = { text: statement.text, name, values, rowMode: 'array' };
    const client = this.scope.getStore();
    try {
      return { statement, result: await (client ? client.query(config) : this.pool.query(config)) };
    } catch (error) {
      const code = (error as { code?: string }).code;
      // 23505: unique_violation.
      if (code === '23505') throw new UniqueViolation((error as Error).message);
      // 55P03: lock_not_available (a `lock_timeout` the operator set ran out): busy, not broken.
      if (code === '55P03') throw new DatabaseBusy((error as Error).message);
      throw error;
    }
  }

  /**
   * Row objects of a result read as arrays, built by the statement's compiled builder (compiled again when
   * its columns changed: a `SELECT r.*` after a migration added one).
   */
  private rowsOf(statement: Statement, result: pg.QueryResult<unknown[]>, limit = Infinity): Row[] {
    const fields = result.fields;
    let shape = statement.shape;
    if (!shape || shape.names.length !== fields.length || fields.some((field, i) => field.name !== shape?.names[i])) {
      const names = fields.map((field) => field.name);
      shape = statement.shape = { names, build: rowBuilder(names) ?? objectOf(names) };
    }
    const rows = result.rows.length > limit ? result.rows.slice(0, limit) : result.rows;
    return rows.map(shape.build);
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = [], options?: ReadOptions): Promise<T[]> {
    const { statement, result } = await this.query(sql, params, options);
    return this.rowsOf(statement, result) as T[];
  }

  async get<T = Row>(
    sql: string,
    params: readonly unknown[] = [],
    options?: ReadOptions,
  ): Promise<T | undefined> {
    const { statement, result } = await this.query(sql, params, options);
    return this.rowsOf(statement, result, 1)[0] as T | undefined;
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    return { changes: (await this.query(sql, params)).result.rowCount ?? 0 };
  }

  /** Other instances write without telling: every read point reads the versions itself. */
  async otherWritesMark(): Promise<number | null> {
    return null;
  }

  async exec(sql: string): Promise<void> {
    this.writes += 1;
    const client = this.scope.getStore();
    await (client ? client.query(sql) : this.pool.query(sql));
  }

  inTransaction(): boolean {
    return this.scope.getStore() !== undefined;
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.inTransaction()) return work();
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      try {
        const result = await this.scope.run(client, work);
        await client.query('COMMIT');
        this.writes += 1;
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  }

  async lock(name: string): Promise<void> {
    if (!this.inTransaction()) throw new Error(`lock("${name}") outside a transaction`);
    await this.get('SELECT pg_advisory_xact_lock(hashtext(?)) AS locked', [name]);
  }

  async runExclusive(name: string, work: () => Promise<void>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [name],
      );
      if (!rows[0]?.locked) return false;
      try {
        await work();
        return true;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    } finally {
      client.release();
    }
  }

  async ping(): Promise<{ ok: boolean; seconds: number }> {
    const started = process.hrtime.bigint();
    try {
      await this.pool.query('SELECT 1');
      return { ok: true, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    } catch {
      return { ok: false, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
    }
  }

  async close(): Promise<void> {
    await (this.notifications as PostgresNotifications).close();
    await this.pool.end();
  }

  /** The URL this database was opened with (the copy command opens a second handle on it). */
  get connectionUrl(): string {
    return this.url;
  }
}

/**
 * LISTEN on one connection kept for it; NOTIFY through the pool (inside a transaction, PostgreSQL delivers
 * at commit — a message never announces a write that was rolled back). The listening connection is opened
 * on the first subscription and reopened after a failure.
 */
class PostgresNotifications implements Notifications {
  private readonly local = new EventEmitter();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly location: string,
    private readonly channel: string,
    /** NOTIFY through the database handle: inside a transaction it is sent at commit. */
    private readonly notify: (message: string) => Promise<void>,
  ) {
    this.local.setMaxListeners(0);
  }

  async listen(): Promise<void> {
    if (this.client || this.closed) return;
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, types });
      client.on('notification', (message) => {
        if (message.channel !== this.channel || !message.payload) return;
        try {
          const { c, p } = JSON.parse(message.payload) as { c: string; p: string };
          this.local.emit(c, p);
        } catch {
          // not one of ours
        }
      });
      client.on('error', () => {
        this.client = null;
        client.end().catch(() => undefined);
        if (!this.closed) setTimeout(() => void this.listen().catch(() => undefined), 1000).unref();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${this.channel}`);
        this.client = client;
      } catch (error) {
        await client.end().catch(() => undefined);
        throw new DatabaseUnavailableError(describeConnectError(error, this.location));
      }
    })().finally(() => {
      this.connecting = null;
    });
    await this.connecting;
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.notify(JSON.stringify({ c: channel, p: payload }));
  }

  async subscribe(channel: string, listener: (payload: string) => void): Promise<() => void> {
    await this.listen();
    this.local.on(channel, listener);
    return () => this.local.off(channel, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
