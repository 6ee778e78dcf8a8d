import { validateManifest as checkAgainstSchema, schema } from '../../../sdk/plugin-format/validate.mjs';

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

export const PLUGIN_ID_PATTERN = new RegExp(schema.$defs.id?.pattern ?? '^$');

export type ManifestResult = { ok: true; manifest: BuiltManifest } | { ok: false; reason: string };

/**
 * Checks a parsed plugin.json against the one manifest schema (`sdk/plugin-format/plugin-manifest.schema.json`,
 * built form); `dirName` is the folder it was found in and must equal the id.
 */
export function validateManifest(raw: unknown, dirName: string): ManifestResult {
  const check = checkAgainstSchema(raw, 'built', dirName);
  if (!check.ok) return { ok: false, reason: `invalid plugin.json: ${check.problems.join('; ')}` };
  const manifest = raw as Partial<BuiltManifest> &
    Pick<BuiltManifest, 'id' | 'version' | 'module' | 'integrity'>;
  return {
    ok: true,
    manifest: {
      ...manifest,
      permissions: manifest.permissions ?? [],
      licenseRequired: manifest.licenseRequired ?? false,
      views: manifest.views ?? [],
    },
  };
}
