import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from './database';
import { assertIdentifier } from './dialect';

/**
 * Per-table write versions kept by the database itself, and a small cache of query results keyed by them
 * (the count/page cache of lists).
 *
 * Every table the engine creates or adopts gets triggers that bump its row in `engine_write_versions` on
 * each write (the dialect writes them: per row on SQLite, per statement on PostgreSQL). They see every
 * write — through the engine, the stores, the seed loader, another instance on the same PostgreSQL — so a
 * cached result is served only while the versions of every table its query reads are unchanged: it is
 * never stale after a write, on any instance.
 *
 * The stamp is read before the result is computed, so a write in between makes the entry newer than its
 * stamp (re-read once more), never older. Inside a transaction the cache is neither read nor filled (a
 * rolled-back write would bring a version back to a value a cached result was computed under).
 *
 * A request is one read point (`within`): the versions of every tracked table are read once, by the first
 * cached read of the request, and serve its later ones — one statement per request instead of one per
 * cached read. That snapshot is never older than the request, so a write committed (on any instance)
 * before the request arrived is always seen; any write made through this instance since the snapshot
 * (the request's own, or another request's) outdates it, and the next cached read takes a new one.
 *
 * On SQLite the snapshot is shared by all requests of a process while neither this
 * process wrote nor another connection committed (`data_version`, `Database.otherWritesMark`): a
 * request then costs one pragma instead of a read of the versions.
 */
const VERSIONS_TABLE = 'engine_write_versions';
/** Entries kept; the least recently used go first. */
const MAX_ENTRIES = 5_000;
/** Total weight kept (a count weighs 1, a cached window of keys its length). */
const MAX_WEIGHT = 2_000_000;
/** Keys (SQL text + parameters) longer than this are not cached (an spm list of thousands of ids). */
const MAX_KEY_LENGTH = 8_192;

/** The versions snapshot of one request, and the instance's write count when it was taken. */
export interface ReadPoint {
  writes: number;
  versions: Promise<ReadonlyMap<string, number>> | null;
  /**
   * The snapshot this request settled on at its first cached read: the one shared by all requests (a
   * backend with an `otherWritesMark`), null for its own, undefined before that read.
   */
  settled: ReadPoint | null | undefined;
}

interface Entry {
  stamp: string;
  value: unknown;
  weight: number;
}

const byDatabase = new WeakMap<Database, WriteVersions>();

export class WriteVersions {
  private readonly tracked = new Set<string>();
  private readonly entries = new Map<string, Entry>();
  /**
   * Computations under way, by key: concurrent requests for the same key at the same stamp share one
   * (32 connections opening the same list must not run its count and window 32 times at once).
   */
  private readonly computing = new Map<string, { stamp: string; value: Promise<unknown> }>();
  private weight = 0;
  private ready: Promise<void> | null = null;
  private readonly points = new AsyncLocalStorage<ReadPoint>();
  /** The snapshot shared while nothing was written (backends with an `otherWritesMark` only). */
  private shared: { mark: number; point: ReadPoint } | null = null;
  /** The read of every version to be sent at the end of this turn of the event loop (`nextFullRead`). */
  private pendingRead: Promise<ReadonlyMap<string, number>> | null = null;

  private constructor(private readonly db: Database) {}

  /** The one instance of a database handle. */
  static of(db: Database): WriteVersions {
    let versions = byDatabase.get(db);
    if (!versions) {
      versions = new WriteVersions(db);
      byDatabase.set(db, versions);
    }
    return versions;
  }

  private async createTable(): Promise<void> {
    this.ready ??= this.db.exec(
      `CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (name ${this.db.dialect.types.text} PRIMARY KEY, version ${this.db.dialect.types.bigint} NOT NULL)`,
    );
    await this.ready;
  }

  /** Installs the version triggers of a table (idempotent); from then on its reads can be cached. */
  async track(table: string): Promise<void> {
    assertIdentifier(table);
    if (this.tracked.has(table)) return;
    await this.createTable();
    await this.db.run(
      `INSERT INTO ${VERSIONS_TABLE} (name, version) VALUES (?, 0) ON CONFLICT (name) DO NOTHING`,
      [table],
    );
    for (const statement of this.db.dialect.writeVersionTriggers(table, VERSIONS_TABLE))
      await this.db.exec(statement);
    this.tracked.add(table);
  }

  /**
   * Installs the row-set version of a table (`${table}#rows`, docs/data-layer.md#writes-mixed-into-reads):
   * bumped by inserts, deletes and updates that change one of `columns`. Returns its name. Run at every
   * start (inside the migration), after `track(table)`.
   */
  async trackRows(table: string, columns: readonly string[]): Promise<string> {
    assertIdentifier(table);
    for (const column of columns) assertIdentifier(column);
    const name = `${table}#rows`;
    await this.createTable();
    await this.db.run(
      `INSERT INTO ${VERSIONS_TABLE} (name, version) VALUES (?, 0) ON CONFLICT (name) DO NOTHING`,
      [name],
    );
    for (const statement of this.db.dialect.rowSetVersionTriggers(table, columns, VERSIONS_TABLE))
      await this.db.exec(statement);
    this.tracked.add(name);
    return name;
  }

  /** A new read point, for `within` (one per request). */
  static readPoint(): ReadPoint {
    return { writes: -1, versions: null, settled: undefined };
  }

  /**
   * Runs `work` (a request's handling) with `point` as its read point; called again with the same point
   * where a framework resumes the request outside its first async context (after reading a body).
   */
  within<T>(point: ReadPoint, work: () => T): T {
    return this.points.run(point, work);
  }

  /** The current versions of these tables as one string; null when one is untracked or in a transaction. */
  async stamp(tables: Iterable<string>): Promise<string | null> {
    if (this.db.inTransaction()) return null;
    const names = [...tables].sort();
    if (names.some((table) => !this.tracked.has(table))) return null;
    const byName = await this.versionsOf(names);
    return names.map((name) => `${name}:${byName.get(name) ?? '?'}`).join(';');
  }

  /** The request's snapshot of every version (taken now when it has none or a write outdated it). */
  private async versionsOf(names: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const point = await this.settledPoint();
    if (!point) return this.read(names);
    if (point.versions === null || point.writes !== this.db.writes) {
      // The write count is taken before the read: a write in between makes the next stamp read again.
      point.writes = this.db.writes;
      const reading = this.nextFullRead();
      point.versions = reading;
      // A failed read is not kept: the next stamp tries again.
      reading.catch(() => {
        if (point.versions === reading) point.versions = null;
      });
    }
    return point.versions;
  }

  /**
   * The snapshot of the current request: the shared one while no other connection committed, else its
   * own. The other-writes mark is asked once per request (a pragma costs a few system calls on SQLite,
   * and a list request makes half a dozen cached reads): what another process commits while a request
   * runs is seen by the next request, as on PostgreSQL. Outside a request every cached read asks.
   */
  private async settledPoint(): Promise<ReadPoint | undefined> {
    const own = this.points.getStore();
    if (own && own.settled !== undefined) return own.settled ?? own;
    const mark = await this.db.otherWritesMark();
    if (own && own.settled !== undefined) return own.settled ?? own;
    if (mark === null) {
      if (own) own.settled = null;
      return own;
    }
    if (this.shared?.mark !== mark) this.shared = { mark, point: WriteVersions.readPoint() };
    if (own) own.settled = this.shared.point;
    return this.shared.point;
  }

  /**
   * A token that changes whenever anything the database holds may have changed, for results that read
   * more than a list of tables (a whole list answer: docs/data-layer.md#list-answers-cached-whole). With an
   * other-writes mark (SQLite): the mark and this process's write count — any write to any table, by
   * anyone, changes it. Without (PostgreSQL): this instance's write count and the versions of every
   * tracked table, as this request sees them. Null inside a transaction.
   */
  async snapshotStamp(): Promise<string | null> {
    if (this.db.inTransaction()) return null;
    const point = await this.settledPoint();
    if (!point) return null;
    const shared = this.shared;
    if (shared && point === shared.point) return `m${shared.mark}:w${this.db.writes}`;
    const versions = await this.versionsOf([]);
    let stamp = `w${this.db.writes}`;
    for (const [name, version] of [...versions].sort(([a], [b]) => (a < b ? -1 : 1)))
      stamp += `;${name}:${version}`;
    return stamp;
  }

  /**
   * A read of every version sent once this turn of the event loop ends, shared by every request that asks
   * for one before then: it starts after each of them arrived, so it sees every write committed before any
   * of them did (on PostgreSQL the requests of 32 connections took one round trip each; a turn often
   * handles several).
   */
  private nextFullRead(): Promise<ReadonlyMap<string, number>> {
    this.pendingRead ??= new Promise((resolve, reject) =>
      setImmediate(() => {
        this.pendingRead = null;
        this.read(null).then(resolve, reject);
      }),
    );
    return this.pendingRead;
  }

  private async read(names: readonly string[] | null): Promise<ReadonlyMap<string, number>> {
    if (names === null) {
      // Every version as ONE text value (`name:version;…`): a request's snapshot is one row to receive and
      // parse instead of one per table (on PostgreSQL 60 rows cost the server about twice the round trip).
      const row = await this.db.get<{ versions: string | null }>(
        `SELECT ${this.db.dialect.joinedText(`name || ':' || version`, ';')} AS versions FROM ${VERSIONS_TABLE}`,
      );
      const versions = new Map<string, number>();
      for (const pair of row?.versions?.split(';') ?? []) {
        const split = pair.lastIndexOf(':');
        versions.set(pair.slice(0, split), Number(pair.slice(split + 1)));
      }
      return versions;
    }
    const rows = await this.db.all<{ name: string; version: number }>(
      `SELECT name, version FROM ${VERSIONS_TABLE} WHERE ${this.db.dialect.inList('name')}`,
      [this.db.dialect.listParam(names)],
    );
    return new Map(rows.map((row) => [row.name, Number(row.version)]));
  }

  /**
   * `compute()`'s result for `key`, reused while the versions of `tables` stay the same. Values must be
   * treated as immutable by callers. A value weighing more than the cache holds (`Infinity`) is not kept.
   */
  async cached<T>(
    key: string,
    tables: ReadonlySet<string>,
    compute: () => Promise<T>,
    weigh: (value: T) => number = () => 1,
  ): Promise<T> {
    if (key.length > MAX_KEY_LENGTH) return compute();
    const stamp = await this.stamp(tables);
    if (stamp === null) return compute();
    const entry = this.entries.get(key);
    if (entry && entry.stamp === stamp) {
      // Refresh its place (least recently used goes first).
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    const running = this.computing.get(key);
    if (running && running.stamp === stamp) return running.value as Promise<T>;
    const computation = compute();
    this.computing.set(key, { stamp, value: computation });
    let value: T;
    try {
      value = await computation;
    } finally {
      if (this.computing.get(key)?.value === computation) this.computing.delete(key);
    }
    const weight = Math.max(1, weigh(value));
    this.drop(key);
    if (weight > MAX_WEIGHT) return value;
    while (this.entries.size >= MAX_ENTRIES || this.weight + weight > MAX_WEIGHT) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
    this.entries.set(key, { stamp, value, weight });
    this.weight += weight;
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
