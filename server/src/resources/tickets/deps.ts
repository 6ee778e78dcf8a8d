import type { Database } from '../../data/database';
import type { ResourceDirectory } from '../../engine/declaration';

/**
 * What the ticket declarations need beyond the engine: the database for site messages and the applicant's
 * org memberships, and the resource directory for the one hook the engine hands none (flows' `scope`).
 * An AppContext satisfies it; `resources` is set once the engine is installed.
 */
export interface TicketDeps {
  db: Database;
  resources?: ResourceDirectory;
}

/** The directory once the engine runs; a hook called before that is a programming error. */
export function directoryOf(deps: TicketDeps): ResourceDirectory {
  if (!deps.resources) throw new Error('the ticket resources were used before the engine was installed');
  return deps.resources;
}
