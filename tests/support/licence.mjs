// The tests' own licence key pair (docs/licence.md), generated once per test process: a test server trusts
// its public key (`licensePublicKey`) and the harnesses sign the licences they write with its private key.
import crypto from 'node:crypto';
import { publicKeyBase64 } from '../../sdk/plugin-format/signature.mjs';
import { signLicence } from '../../server/src/licence/licence-format.mjs';

const { privateKey } = crypto.generateKeyPairSync('ed25519');

/** The test key's public half, base64 of the raw key (what BASTION_LICENSE_PUBLIC_KEY is normalised to). */
export const TEST_LICENCE_KEY = publicKeyBase64(privateKey);

/** The test key's private half (PEM), for a test that signs a licence itself. */
export const TEST_LICENCE_PRIVATE_KEY = privateKey.export({ format: 'pem', type: 'pkcs8' });

/** A licence file's text signed with the test key. */
export function signedTestLicence(license) {
  return signLicence(license, privateKey);
}
