import type { Language } from '../rules/language';
import type { ConsoleView } from '../rules/views';

/**
 * The built plugin manifest (`dist/ui/plugins/<id>/plugin.json`, docs/architecture.md): the source
 * plugin.json minus `entry`, plus `module`, `integrity`, `chunks` and `depcache`.
 */
export interface PluginManifest {
  id: string;
  version: string;
  /** Menu title per language; shown even when the plugin's code failed to load. */
  title: Partial<Record<Language, string>>;
  hostRange: string;
  sdkRange: string;
  /** Every entry required; `a|b` passes when either is held; `[]` = any signed-in user. */
  permissions: string[];
  licenseRequired: boolean;
  views: ConsoleView[];
  i18nNamespace: string;
  module?: string;
  integrity?: string;
  /** SRI integrity of each other module file of the plugin, by file name. */
  chunks?: Record<string, string>;
  /** Each module file's static imports (bare shared ids or `./<file>`), by file name: the module graph. */
  depcache?: Record<string, string[]>;
  /** How long the host waits for the module before giving up on it (default 15000 ms). */
  loadTimeoutMs?: number;
}

/** One entry of `GET /api/v1/ui/plugins/`. */
export interface PluginListEntry {
  id: string;
  version: string;
  /** Module URL of the plugin entry (System.register). */
  url: string;
  /** SRI hash of that file, `sha384-…`. */
  integrity: string;
  /** `builtin` or `dropin`. */
  source: string;
  manifest: PluginManifest;
}

/** The manifest title in `lng`, falling back to English, then to any title, then to the id. */
export function manifestTitle(manifest: Pick<PluginManifest, 'id' | 'title'>, lng: Language): string {
  const titles = manifest.title ?? {};
  return titles[lng] ?? titles.en ?? Object.values(titles).find(Boolean) ?? manifest.id;
}

/** What the server made of one plugin folder (`GET /api/v1/ui/plugins/states/`). */
export interface PluginFolderState {
  id: string;
  version: string | null;
  source: 'builtin' | 'dropin';
  /** installed: offered to the users it is for; refused: never offered (see reason); replaced: shadowed by a drop-in */
  state: 'installed' | 'refused' | 'replaced';
  reason: string | null;
  /** drop-ins: the trusted key that signed it, or null */
  signedBy: string | null;
}

/** A plugin failure a browser reported (`POST /api/v1/ui/plugins/faults/`), as the server keeps it. */
export interface PluginFault {
  at: string;
  pluginId: string;
  version: string;
  kind: string;
  detail: string;
  username: string;
}

/** `GET /api/v1/ui/plugins/states/`: every plugin folder and the latest faults browsers reported. */
export interface PluginStates {
  plugins: PluginFolderState[];
  faults: PluginFault[];
}
