import type { Database } from '../data/database';
import { readStoredSettings, writeSettings } from '../data/stores/settings';

/** Instances tell each other through the database's notifications that the settings changed. */
const CHANNEL = 'bastion_settings';

const byDatabase = new WeakMap<Database, SettingsCache>();

/**
 * The stored settings of a database, read once and kept in memory (docs/settings.md#the-settings-store).
 * Every save publishes on the database's notification channel (PostgreSQL LISTEN/NOTIFY, in-process on
 * SQLite); each instance drops its copy on the message, so a change made on one instance holds on all of
 * them from the next request on. A load that a change overtook is not kept (generation counter).
 */
export class SettingsCache {
  private values: ReadonlyMap<string, unknown> | null = null;
  private loading: Promise<ReadonlyMap<string, unknown>> | null = null;
  private generation = 0;
  private subscribed: Promise<void> | null = null;

  private constructor(private readonly db: Database) {}

  static of(db: Database): SettingsCache {
    let cache = byDatabase.get(db);
    if (!cache) {
      cache = new SettingsCache(db);
      byDatabase.set(db, cache);
    }
    return cache;
  }

  private invalidate(): void {
    this.generation += 1;
    this.values = null;
    this.loading = null;
  }

  /** The stored values by name (only what somebody changed). */
  async stored(): Promise<ReadonlyMap<string, unknown>> {
    // Inside a transaction the cache is bypassed: a write there may still roll back.
    if (this.db.inTransaction()) return readStoredSettings(this.db);
    this.subscribed ??= this.db.notifications
      .subscribe(CHANNEL, () => this.invalidate())
      .then(() => undefined);
    await this.subscribed;
    if (this.values) return this.values;
    if (!this.loading) {
      const generation = this.generation;
      const loading = readStoredSettings(this.db).then((values) => {
        if (generation === this.generation) this.values = values;
        return values;
      });
      loading.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  /** Saves the values of one category and tells every instance. */
  async save(category: string, values: Readonly<Record<string, unknown>>, updatedBy: string): Promise<void> {
    await writeSettings(this.db, category, values, updatedBy);
    this.invalidate();
    await this.db.notifications.publish(CHANNEL, category);
  }
}
