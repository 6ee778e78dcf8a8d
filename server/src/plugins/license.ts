import fs from 'node:fs';
import type { Database } from '../data/database';
import { findImportedLicence } from '../data/stores/licences';
import { verifyLicenceText } from '../licence/licence-format.mjs';
import { trustedLicenceKeys, type LicenceKeyConfig } from '../licence/licence-keys';

/**
 * The installation's licence (docs/licence.md): a signed licence imported through the console (stored in
 * the database, so every instance follows it) or else the signed file named by `BASTION_LICENSE_FILE`. Only
 * a licence signed by a trusted key counts; anything else is as if there were none. Its presence means the
 * extended edition is installed (XPACK_ENABLED); it is valid while `date_expired` lies in the future.
 */
export interface LicenseState {
  /** The extended edition is installed (a licence signed by a trusted key is imported or configured). */
  installed: boolean;
  valid: boolean;
  corporation: string;
  /** epoch ms, or null without a licence */
  dateExpired: number | null;
  edition: string;
  subscriptionId: string | null;
  assetCount: number | null;
  /** Where the licence in force comes from. */
  source: 'imported' | 'file' | null;
}

export type LicenseConfig = LicenceKeyConfig & { licenseFile?: string | null };

type Licence = Omit<LicenseState, 'valid' | 'source'>;

const NO_LICENSE: LicenseState = Object.freeze({
  installed: false,
  valid: false,
  corporation: '',
  dateExpired: null,
  edition: 'Community edition',
  subscriptionId: null,
  assetCount: null,
  source: null,
});

/** The fields of a verified licence's content. */
export function licenceFields(license: Record<string, unknown>): Licence {
  return {
    installed: true,
    corporation: typeof license.corporation === 'string' ? license.corporation : '',
    dateExpired: Date.parse(String(license.date_expired)),
    edition: typeof license.edition === 'string' ? license.edition : 'Enterprise',
    subscriptionId: typeof license.subscription_id === 'string' ? license.subscription_id : null,
    assetCount: typeof license.asset_count === 'number' ? license.asset_count : null,
  };
}

/** The last verified text per trusted-key set: a text is verified once, not per request. */
const verified = new Map<string, { text: string; licence: Licence | null }>();

function verifiedLicence(text: string, keys: readonly string[]): Licence | null {
  const slot = keys.join(',');
  const last = verified.get(slot);
  if (last && last.text === text) return last.licence;
  const check = verifyLicenceText(text, keys);
  const licence = check.ok ? licenceFields(check.license) : null;
  if (verified.size > 16) verified.clear();
  verified.set(slot, { text, licence });
  return licence;
}

let fileCache: { file: string; mtimeMs: number; size: number; text: string } | null = null;

/** The configured file's text (re-read when it changes), or null when there is none to read. */
function licenceFileText(file: string): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (
    fileCache &&
    fileCache.file === file &&
    fileCache.mtimeMs === stat.mtimeMs &&
    fileCache.size === stat.size
  )
    return fileCache.text;
  try {
    const text = fs.readFileSync(file, 'utf8');
    fileCache = { file, mtimeMs: stat.mtimeMs, size: stat.size, text };
    return text;
  } catch {
    return null;
  }
}

/**
 * The licence in force: the imported one when there is one (the console's import is the later, explicit
 * act), else the configured file. Cached exactly: the database row through its write version, the file by
 * its modification time, the verification by the text.
 */
export async function currentLicense(
  db: Database,
  config: LicenseConfig,
  now: number = Date.now(),
): Promise<LicenseState> {
  const keys = trustedLicenceKeys(config);
  const imported = await findImportedLicence(db);
  let licence: Licence | null = null;
  let source: LicenseState['source'] = null;
  if (imported) {
    licence = verifiedLicence(imported.content, keys);
    source = 'imported';
  }
  if (!licence && config.licenseFile) {
    const text = licenceFileText(config.licenseFile);
    licence = text === null ? null : verifiedLicence(text, keys);
    source = 'file';
  }
  if (!licence) return NO_LICENSE;
  return { ...licence, source, valid: licence.dateExpired !== null && licence.dateExpired > now };
}
