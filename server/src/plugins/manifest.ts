import semver from 'semver';
import { PERMISSION_CODE_PATTERN } from '../rbac/permission-catalogue';

/** The built plugin.json (docs/architecture.md "Plugin manifest"), after validation. */
export interface BuiltManifest {
  id: string;
  version: string;
  module: string;
  integrity: string;
  permissions: string[];
  licenseRequired: boolean;
  views: string[];
  /** every other key, passed through to the host untouched */
  [key: string]: unknown;
}

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{1,49}$/;
/** A plain file name next to plugin.json: no directories, no "..", ends in .js. */
const MODULE_FILE_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\.js$/;
const INTEGRITY_PATTERN = /^sha384-[A-Za-z0-9+/]{64}$/;
/** A static import in the module graph: a sibling file (`./name.js`) or a bare shared id. */
const GRAPH_IMPORT_PATTERN =
  /^(?:\.\/[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\.js|@?[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9._-]+)*)$/;
const VIEWS = new Set(['console', 'audit', 'workbench', 'tickets', 'settings', 'profile']);

export type ManifestResult = { ok: true; manifest: BuiltManifest } | { ok: false; reason: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPermissionEntry = (entry: unknown): entry is string =>
  typeof entry === 'string' &&
  entry.split('|').every((alternative) => PERMISSION_CODE_PATTERN.test(alternative.trim()));

const isModuleFile = (file: string): boolean => MODULE_FILE_PATTERN.test(file) && !file.includes('..');

/** Checks a parsed plugin.json against the contract; `dirName` is the folder it was found in. */
export function validateManifest(raw: unknown, dirName: string): ManifestResult {
  if (!isRecord(raw)) return { ok: false, reason: 'plugin.json is not an object' };
  const { id, version, module, integrity, permissions = [], licenseRequired = false, views = [] } = raw;
  if (typeof id !== 'string' || !PLUGIN_ID_PATTERN.test(id)) return { ok: false, reason: 'invalid id' };
  if (id !== dirName) return { ok: false, reason: `id "${id}" does not match its folder "${dirName}"` };
  if (typeof version !== 'string' || semver.valid(version) === null)
    return { ok: false, reason: 'invalid version' };
  if (typeof module !== 'string' || !isModuleFile(module)) {
    return { ok: false, reason: 'invalid module file name' };
  }
  if (typeof integrity !== 'string' || !INTEGRITY_PATTERN.test(integrity)) {
    return { ok: false, reason: 'invalid integrity (expected sha384-<base64>)' };
  }
  if (!Array.isArray(permissions) || !permissions.every(isPermissionEntry)) {
    return { ok: false, reason: 'invalid permissions' };
  }
  if (typeof licenseRequired !== 'boolean') return { ok: false, reason: 'invalid licenseRequired' };
  if (!Array.isArray(views) || !views.every((view) => typeof view === 'string' && VIEWS.has(view))) {
    return { ok: false, reason: 'invalid views' };
  }
  // Optional, from the build: the other module files with their integrity, and the module graph.
  const { chunks, depcache } = raw;
  if (
    chunks !== undefined &&
    !(
      isRecord(chunks) &&
      Object.entries(chunks).every(
        ([file, sri]) => isModuleFile(file) && typeof sri === 'string' && INTEGRITY_PATTERN.test(sri),
      )
    )
  ) {
    return { ok: false, reason: 'invalid chunks (expected {"<file>.js": "sha384-…"})' };
  }
  if (
    depcache !== undefined &&
    !(
      isRecord(depcache) &&
      Object.entries(depcache).every(
        ([file, deps]) =>
          isModuleFile(file) &&
          Array.isArray(deps) &&
          deps.every((d) => typeof d === 'string' && GRAPH_IMPORT_PATTERN.test(d) && !d.includes('..')),
      )
    )
  ) {
    return { ok: false, reason: 'invalid depcache (expected {"<file>.js": ["./<file>.js" or a shared id]})' };
  }
  for (const range of ['hostRange', 'sdkRange'] as const) {
    const value = raw[range];
    if (value !== undefined && (typeof value !== 'string' || semver.validRange(value) === null)) {
      return { ok: false, reason: `invalid ${range}` };
    }
  }
  return {
    ok: true,
    manifest: { ...raw, id, version, module, integrity, permissions, licenseRequired, views },
  };
}
