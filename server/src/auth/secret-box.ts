import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Sealing of credential secrets that the server must be able to read back (access-key secrets: an HMAC
 * needs the secret itself, so a one-way hash cannot verify a signature; temp-token secrets: their owner
 * may read them while they live). Each secret is stored AES-256-GCM encrypted with a key that lives in a
 * file of the data dir, next to (not inside) the database: a copy of the database alone hands out no
 * working credential. The row id is bound as additional data, so a sealed value copied into another row
 * does not open.
 *
 * Losing the key file makes every stored secret unreadable: those keys and tokens then simply fail to
 * verify (their owners create new ones). Back the file up with the database, but keep the copies apart.
 */
export const SECRET_KEY_FILE_NAME = 'credentials.key';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

const keys = new Map<string, Buffer>();

function readKey(file: string): Buffer {
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
  return key;
}

/** The data dir's sealing key, created (CSPRNG, mode 0600) on first use. */
function sealingKey(dataDir: string): Buffer {
  const cached = keys.get(dataDir);
  if (cached) return cached;
  const file = path.join(dataDir, SECRET_KEY_FILE_NAME);
  let key: Buffer;
  try {
    key = readKey(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: when another process created it in between, use theirs.
      fs.writeFileSync(file, `${crypto.randomBytes(KEY_BYTES).toString('base64')}\n`, {
        flag: 'wx',
        mode: 0o600,
      });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
    }
    key = readKey(file);
  }
  keys.set(dataDir, key);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url parts) of `secret`, bound to `binding` (kind and row id). */
export function sealSecret(dataDir: string, binding: string, secret: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(dataDir), iv);
  cipher.setAAD(Buffer.from(binding, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or null when the value was sealed with another key, for another row, or tampered with. */
export function openSecret(dataDir: string, binding: string, sealed: string): string | null {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== FORMAT) return null;
  try {
    const [, iv, tag, body] = parts.map((p) => Buffer.from(p, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
      Buffer,
    ];
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
    // A fixed tag length: GCM would otherwise accept a truncated (forgeable) tag.
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(dataDir), iv, {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(binding, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
