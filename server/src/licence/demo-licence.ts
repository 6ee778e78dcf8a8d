import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../data/database';
import { saveImportedLicence } from '../data/stores/licences';
import { currentLicense, type LicenseConfig } from '../plugins/license';
import { signLicence } from './licence-format.mjs';
import { DEMO_KEY_FILE } from './licence-keys';

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * The demo's extended edition (docs/licence.md#the-demo), with `BASTION_DEMO=1` only: a key pair of its own
 * is generated into the data folder (never a private key in the repository), trusted beside the vendor's,
 * and a one-year licence signed with it is imported when no valid licence is in force.
 */
export async function ensureDemoLicence(
  db: Database,
  config: LicenseConfig & { dataDir: string },
): Promise<void> {
  const file = path.join(config.dataDir, DEMO_KEY_FILE);
  if (!fs.existsSync(file)) {
    const { privateKey } = crypto.generateKeyPairSync('ed25519');
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  }
  if ((await currentLicense(db, config)).valid) return;
  const content = signLicence(
    {
      corporation: 'Bastion demo',
      edition: 'Enterprise',
      date_expired: new Date(Date.now() + YEAR_MS).toISOString().slice(0, 10),
      subscription_id: 'demo',
      asset_count: 5000,
    },
    fs.readFileSync(file, 'utf8'),
  );
  await saveImportedLicence(db, { content, importedBy: 'System', dateImported: Date.now() });
}
