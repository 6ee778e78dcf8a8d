import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { publicKeyBase64 } from '../../../sdk/plugin-format/signature.mjs';

/**
 * The vendor's public key that licences are signed with (docs/licence.md), built in. Its private key is
 * not in this repository and never was: a deployment that issues its own licences configures its own key
 * with `BASTION_LICENSE_PUBLIC_KEY`, which replaces this one.
 */
export const BUILT_IN_LICENCE_KEY = 'fiMAOFySQj53MSgMX2xDxN4Itq5B0xUpRV22CtKqZDA=';

/** The demo's own key pair (docs/licence.md#the-demo), in the data folder; trusted only with BASTION_DEMO=1. */
export const DEMO_KEY_FILE = 'licence-demo-key.pem';

export interface LicenceKeyConfig {
  /** `BASTION_LICENSE_PUBLIC_KEY`, normalised to base64 of the raw key; null = the built-in key. */
  licensePublicKey?: string | null;
  /** `BASTION_DEMO=1`: the demo key of the data folder is trusted too. */
  demo?: boolean;
  dataDir?: string;
}

const demoKeys = new Map<string, string | null>();

/** The public half of the data folder's demo key, or null when it has none (read once per folder). */
function demoPublicKey(dataDir: string): string | null {
  let key = demoKeys.get(dataDir);
  if (key === undefined) {
    try {
      key = publicKeyBase64(
        crypto.createPrivateKey(fs.readFileSync(path.join(dataDir, DEMO_KEY_FILE), 'utf8')),
      );
    } catch {
      key = null;
    }
    if (key !== null) demoKeys.set(dataDir, key);
  }
  return key;
}

/** The keys whose signature makes a licence acceptable here. */
export function trustedLicenceKeys(config: LicenceKeyConfig): string[] {
  const keys = [config.licensePublicKey ?? BUILT_IN_LICENCE_KEY];
  const demo = config.demo && config.dataDir ? demoPublicKey(config.dataDir) : null;
  if (demo) keys.push(demo);
  return keys;
}
