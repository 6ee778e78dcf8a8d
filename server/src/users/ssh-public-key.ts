import crypto from 'node:crypto';

/**
 * An OpenSSH public key line (`type base64 [comment]`), checked the way sshd reads authorized_keys: a known
 * key type, base64 whose decoded blob names the same type first. The MD5 fingerprint is the one v2.21's
 * profile shows (`public_key_hash_md5`).
 */
const KEY_TYPES = new Set([
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
]);

export interface ParsedPublicKey {
  /** The normalised line: type, base64 and comment separated by single spaces. */
  line: string;
  comment: string;
  md5: string;
}

export function parsePublicKey(text: string): ParsedPublicKey | null {
  const trimmed = text.trim();
  if (trimmed.length > 16_384 || /[\r\n]/.test(trimmed)) return null;
  const [type = '', data = '', ...rest] = trimmed.split(/\s+/);
  if (!KEY_TYPES.has(type) || !/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return null;
  const blob = Buffer.from(data, 'base64');
  if (blob.length < 4) return null;
  const nameLength = blob.readUInt32BE(0);
  if (nameLength + 4 > blob.length || blob.subarray(4, 4 + nameLength).toString('latin1') !== type)
    return null;
  const comment = rest.join(' ');
  const md5 = crypto
    .createHash('md5')
    .update(blob)
    .digest('hex')
    .replace(/(..)(?!$)/g, '$1:');
  return { line: [type, data, comment].filter(Boolean).join(' '), comment, md5 };
}
