import type { RequestContext, ResourceDirectory } from '../engine/declaration';
import type { Database } from '../data/database';

/** What a seed works with: the database (for the storage modules) and the engine's resource directory. */
export interface SeedEnv {
  db: Database;
  resources: ResourceDirectory;
  /** The data directory (the local replay storage lives under it); the demo's replays need it. */
  dataDir?: string;
}

/** Seeds act as the system in one org; created_by shows "System" as on v2.21's built-in data. */
export function systemContext(orgId: string): RequestContext {
  return {
    userId: '',
    username: 'System',
    orgId,
    perms: new Set<string>(),
    isSystemAdmin: true,
    language: 'en',
  };
}

/** The resource's access when it is declared in this build, else null (optional areas such as groups). */
export function optionalResource(resources: ResourceDirectory, name: string) {
  try {
    return resources.get(name);
  } catch {
    return null;
  }
}
