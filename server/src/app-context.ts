import type { ServerConfig } from './config';
import type { Database } from './data/database';
import type { CookieNames } from './auth/cookies';
import type { PluginRegistry } from './plugins/plugin-registry';
import type { ResourceDirectory } from './engine/declaration';

/** What route modules share: handed to each `register…Routes(app, ctx)` instead of module-level globals. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  cookies: CookieNames;
  /** `<distDir>/ui` */
  uiDir: string;
  plugins: PluginRegistry;
  /** The declared resources (set once the engine is installed; server-internal reads such as login ACLs). */
  resources?: ResourceDirectory;
}
