import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SIGNATURE_FILE, verifyPluginFolder } from '../../../sdk/plugin-format/signature.mjs';
import { PLUGIN_ID_PATTERN, validateManifest, type BuiltManifest } from './manifest';
import { PluginFaultLog } from './plugin-faults';
import type { PluginFolderState } from '../../../sdk/src/plugin/manifest';

export type PluginSource = 'builtin' | 'dropin';

/** A plugin whose manifest is valid, whose module matches its integrity and whose signature is accepted. */
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
  version: string | null;
  /** why the plugin cannot be offered (null: it can) */
  refused: string | null;
  signedBy: string | null;
}

interface CacheEntry {
  fingerprint: string;
  candidate: Candidate;
}

type Warn = (message: string) => void;

export interface SigningPolicy {
  /** base64 Ed25519 public keys whose signature a drop-in may carry */
  trustedKeys: readonly string[];
  /** accept drop-ins without `plugin.sig` */
  allowUnsigned: boolean;
}

/** Every file below `dir` with its stat, so any edit, addition or removal changes the fingerprint. */
async function folderFingerprint(dir: string, prefix = ''): Promise<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return '';
  }
  const parts = await Promise.all(
    entries
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(async (entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return folderFingerprint(full, `${prefix}${entry.name}/`);
        const stat = await fs.stat(full).catch(() => null);
        return stat ? `${prefix}${entry.name}:${stat.mtimeMs}:${stat.size}:${stat.ino}` : '';
      }),
  );
  return parts.join('|');
}

async function isFile(file: string): Promise<boolean> {
  return (await fs.stat(file).catch(() => null))?.isFile() ?? false;
}

export const sha384Integrity = (content: Buffer): string =>
  `sha384-${crypto.createHash('sha384').update(content).digest('base64')}`;

/**
 * Plugins from the build (`<dist>/ui/plugins`) and the drop-in folder, re-scanned on every call. Folder
 * listings are cheap; manifests, hashes and signatures are only re-checked when a file of the folder changes,
 * so a plugin copied into the drop-in folder shows up on the next request without a restart. Every refusal
 * is logged once per change of the folder and kept with its reason for the admin "Plugins" page.
 */
export class PluginRegistry {
  private readonly cache = new Map<string, CacheEntry>();
  /** Plugin failures reported by browsers (kept in memory; each is also a server-log line). */
  readonly faults = new PluginFaultLog();

  constructor(
    private readonly builtinDir: string,
    private readonly dropinDir: string | null,
    private readonly warn: Warn,
    private readonly signing: SigningPolicy,
  ) {}

  /** Every usable plugin, a drop-in replacing the built-in of the same id; sorted by id. */
  async installed(): Promise<InstalledPlugin[]> {
    const winners = await this.winners();
    return [...winners.values()]
      .filter((c): c is Candidate & { manifest: BuiltManifest } => c.manifest !== null && c.refused === null)
      .map((c) => ({ id: c.id, source: c.source, dir: c.dir, manifest: c.manifest }))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /** Every plugin folder of both sources with what became of it, sorted by id then source. */
  async states(): Promise<PluginFolderState[]> {
    const all = [...(await this.scan(this.builtinDir, 'builtin'))];
    if (this.dropinDir !== null) all.push(...(await this.scan(this.dropinDir, 'dropin')));
    const winners = await this.winners();
    return all
      .map((c): PluginFolderState => {
        const replaced = c.refused === null && winners.get(c.id) !== c;
        return {
          id: c.id,
          version: c.version,
          source: c.source,
          state: c.refused !== null ? 'refused' : replaced ? 'replaced' : 'installed',
          reason: c.refused ?? (replaced ? 'replaced by the drop-in of the same id' : null),
          signedBy: c.signedBy,
        };
      })
      .sort((a, b) => a.id.localeCompare(b.id) || a.source.localeCompare(b.source));
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
    if (!(await isFile(manifestFile))) return null;
    const cached = this.cache.get(dir);
    if (cached && cached.fingerprint === (await this.fingerprint(dir, source, cached.candidate)))
      return cached.candidate;

    const candidate: Candidate = {
      id,
      source,
      dir,
      manifest: null,
      version: null,
      refused: null,
      signedBy: null,
    };
    candidate.refused = await this.check(candidate, manifestFile);
    if (candidate.refused !== null) this.warn(`plugin ${source}/${id} refused: ${candidate.refused}`);
    this.cache.set(dir, { fingerprint: await this.fingerprint(dir, source, candidate), candidate });
    return candidate;
  }

  /**
   * What must change for a folder to be checked again. A drop-in's signature covers every file, so every
   * file counts; a built-in comes from the build, whose manifest names its module: those two files count.
   */
  private async fingerprint(dir: string, source: PluginSource, candidate: Candidate): Promise<string> {
    if (source === 'dropin') return folderFingerprint(dir);
    const module = candidate.manifest?.module;
    const files = ['plugin.json', ...(module ? [module] : [])];
    const stats = await Promise.all(files.map((f) => fs.stat(path.join(dir, f)).catch(() => null)));
    return stats.map((st) => (st ? `${st.mtimeMs}:${st.size}:${st.ino}` : '-')).join('|');
  }

  /** Fills in the manifest and signer; answers why the plugin is refused, or null. */
  private async check(candidate: Candidate, manifestFile: string): Promise<string | null> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await fs.readFile(manifestFile, 'utf8'));
    } catch (error) {
      return `unreadable plugin.json (${(error as Error).message})`;
    }
    const version = (parsed as { version?: unknown } | null)?.version;
    candidate.version = typeof version === 'string' ? version : null;
    const result = validateManifest(parsed, candidate.id);
    if (!result.ok) return result.reason;
    candidate.manifest = result.manifest;
    const moduleFile = path.join(candidate.dir, result.manifest.module);
    if (!(await isFile(moduleFile))) return `module ${result.manifest.module} is missing`;
    if (sha384Integrity(await fs.readFile(moduleFile)) !== result.manifest.integrity)
      return `module ${result.manifest.module} does not match its integrity`;
    if (candidate.source === 'dropin') {
      const signature = await verifyPluginFolder(candidate.dir, this.signing.trustedKeys);
      if (signature.state === 'bad') return `bad signature: ${signature.reason}`;
      if (signature.state === 'signed') candidate.signedBy = signature.key;
      else if (!this.signing.allowUnsigned)
        return `unsigned (no ${SIGNATURE_FILE}; the operator accepts only signed drop-ins)`;
    }
    return null;
  }
}
