import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PLUGIN_ID_PATTERN, validateManifest, type BuiltManifest } from './manifest';

export type PluginSource = 'builtin' | 'dropin';

/** A plugin whose manifest is valid and whose module matches its integrity. */
export interface InstalledPlugin {
  id: string;
  source: PluginSource;
  dir: string;
  manifest: BuiltManifest;
}

interface Candidate {
  id: string;
  source: PluginSource;
  dir: string;
  /** null when the manifest is unusable: such a folder never shadows another source */
  manifest: BuiltManifest | null;
  /** why the plugin cannot be offered, when its manifest is fine but its module is not */
  excluded: string | null;
}

interface CacheEntry {
  signature: string;
  candidate: Candidate;
}

type Warn = (message: string) => void;

async function statSignature(file: string): Promise<string | null> {
  try {
    const stat = await fs.stat(file);
    return stat.isFile() ? `${stat.mtimeMs}:${stat.size}:${stat.ino}` : null;
  } catch {
    return null;
  }
}

export const sha384Integrity = (content: Buffer): string =>
  `sha384-${crypto.createHash('sha384').update(content).digest('base64')}`;

/**
 * Plugins from the build (`<dist>/ui/plugins`) and the drop-in folder, re-scanned on every call. Folder
 * listings are cheap; manifests and module hashes are only re-read when a file's stat changes, so a plugin
 * copied into the drop-in folder shows up on the next request without a restart.
 */
export class PluginRegistry {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly builtinDir: string,
    private readonly dropinDir: string | null,
    private readonly warn: Warn,
  ) {}

  /** Every usable plugin, a drop-in replacing the built-in of the same id; sorted by id. */
  async installed(): Promise<InstalledPlugin[]> {
    const winners = await this.winners();
    return [...winners.values()]
      .filter((c): c is Candidate & { manifest: BuiltManifest } => c.manifest !== null && c.excluded === null)
      .map((c) => ({ id: c.id, source: c.source, dir: c.dir, manifest: c.manifest }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /** The folder that serves `/ui/plugins/<id>/…`, or null for an unknown id. */
  async directoryOf(id: string): Promise<string | null> {
    if (!PLUGIN_ID_PATTERN.test(id)) return null;
    return (await this.winners()).get(id)?.dir ?? null;
  }

  private async winners(): Promise<Map<string, Candidate>> {
    const result = new Map<string, Candidate>();
    for (const candidate of await this.scan(this.builtinDir, 'builtin')) result.set(candidate.id, candidate);
    if (this.dropinDir !== null) {
      for (const candidate of await this.scan(this.dropinDir, 'dropin')) {
        if (candidate.manifest !== null || !result.has(candidate.id)) result.set(candidate.id, candidate);
      }
    }
    return result;
  }

  private async scan(root: string, source: PluginSource): Promise<Candidate[]> {
    let names: string[];
    try {
      names = (await fs.readdir(root, { withFileTypes: true }))
        .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
        .map((entry) => entry.name)
        .filter((name) => PLUGIN_ID_PATTERN.test(name));
    } catch {
      return [];
    }
    const candidates = await Promise.all(names.map((name) => this.load(path.join(root, name), name, source)));
    return candidates.filter((c): c is Candidate => c !== null);
  }

  private async load(dir: string, id: string, source: PluginSource): Promise<Candidate | null> {
    const manifestFile = path.join(dir, 'plugin.json');
    const manifestSignature = await statSignature(manifestFile);
    if (manifestSignature === null) return null;
    const cached = this.cache.get(dir);
    if (cached) {
      const cachedModule = cached.candidate.manifest?.module;
      const moduleSignature = cachedModule ? await statSignature(path.join(dir, cachedModule)) : null;
      if (cached.signature === `${manifestSignature}|${moduleSignature ?? ''}`) return cached.candidate;
    }

    const candidate: Candidate = { id, source, dir, manifest: null, excluded: null };
    let moduleSignature: string | null = null;
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
      const result = validateManifest(parsed, id);
      if (!result.ok) {
        this.warn(`plugin ${source}/${id} ignored: ${result.reason}`);
      } else {
        candidate.manifest = result.manifest;
        const moduleFile = path.join(dir, result.manifest.module);
        moduleSignature = await statSignature(moduleFile);
        if (moduleSignature === null) {
          candidate.excluded = `module ${result.manifest.module} is missing`;
        } else if (sha384Integrity(await fs.readFile(moduleFile)) !== result.manifest.integrity) {
          candidate.excluded = `module ${result.manifest.module} does not match its integrity`;
        }
        if (candidate.excluded) this.warn(`plugin ${source}/${id} excluded: ${candidate.excluded}`);
      }
    } catch (error) {
      this.warn(`plugin ${source}/${id} ignored: unreadable plugin.json (${(error as Error).message})`);
    }
    this.cache.set(dir, { signature: `${manifestSignature}|${moduleSignature ?? ''}`, candidate });
    return candidate;
  }
}
