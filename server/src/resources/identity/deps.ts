import type { Database } from '../../data/database';
import type { LicenseConfig } from '../../plugins/license';

/**
 * What identity declarations need beyond the engine: the database for the storage modules they call
 * (role bindings, role permissions, login blocks). An AppContext satisfies it; so does a seed's `{db}`.
 */
export interface IdentityDeps {
  db: Database;
  /** The licence's configuration (extended-edition features such as invite); absent in seeds = not licensed. */
  config?: LicenseConfig;
}
