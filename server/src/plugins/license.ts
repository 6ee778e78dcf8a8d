import fs from 'node:fs';

/**
 * The installation's licence. A licence is a JSON file named by `BASTION_LICENSE_FILE`
 * (`{"corporation", "date_expired": "YYYY-MM-DD…", "edition", "subscription_id", "asset_count"}`). Its
 * presence means the extended edition is installed (XPACK_ENABLED); it is valid while `date_expired` lies in
 * the future. Without the file nothing is licensed: plugins with `licenseRequired` stay hidden and the
 * public settings report XPACK_ENABLED=false, XPACK_LICENSE_IS_VALID=false. (No signature check yet: the
 * file is as trustworthy as the server's configuration.)
 */
export interface LicenseState {
  /** The extended edition is installed (a licence file is configured and readable). */
  installed: boolean;
  valid: boolean;
  corporation: string;
  /** epoch ms, or null without a licence */
  dateExpired: number | null;
  edition: string;
  subscriptionId: string | null;
  assetCount: number | null;
}

const NO_LICENSE: LicenseState = Object.freeze({
  installed: false,
  valid: false,
  corporation: '',
  dateExpired: null,
  edition: 'Community edition',
  subscriptionId: null,
  assetCount: null,
});

let cache: { file: string; mtimeMs: number; state: Omit<LicenseState, 'valid'> } | null = null;

function readLicenseFile(file: string): Omit<LicenseState, 'valid'> | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  if (cache && cache.file === file && cache.mtimeMs === stat.mtimeMs) return cache.state;
  try {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const expires = typeof raw.date_expired === 'string' ? Date.parse(raw.date_expired) : NaN;
    if (!Number.isFinite(expires)) return null;
    const state = {
      installed: true,
      corporation: typeof raw.corporation === 'string' ? raw.corporation : '',
      dateExpired: expires,
      edition: typeof raw.edition === 'string' ? raw.edition : 'Enterprise',
      subscriptionId: typeof raw.subscription_id === 'string' ? raw.subscription_id : null,
      assetCount: typeof raw.asset_count === 'number' ? raw.asset_count : null,
    };
    cache = { file, mtimeMs: stat.mtimeMs, state };
    return state;
  } catch {
    return null;
  }
}

/** The licence named by the server configuration (re-read when the file changes). */
export function currentLicense(file?: string | null, now: number = Date.now()): LicenseState {
  if (!file) return NO_LICENSE;
  const state = readLicenseFile(file);
  if (!state) return NO_LICENSE;
  return { ...state, valid: state.dateExpired !== null && state.dateExpired > now };
}
