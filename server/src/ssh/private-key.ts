import ssh2 from 'ssh2';
import type { SshMessage } from './messages';

/**
 * A private key as a user pastes or uploads it, checked with ssh2's own parser (the one that will use it to
 * log in), so a key that would not work is refused on input with a field error rather than on the first
 * connection. Accepts OpenSSH, PEM (PKCS#1/PKCS#8) and PuTTY keys; an encrypted key needs its passphrase.
 */
export type PrivateKeyCheck = { ok: true; type: string } | { ok: false; error: SshMessage };

export function checkPrivateKey(text: string, passphrase?: string): PrivateKeyCheck {
  if (!/PRIVATE KEY|PuTTY-User-Key-File/.test(text)) return { ok: false, error: 'keyNotPrivate' };
  const parsed = ssh2.utils.parseKey(text, passphrase || undefined);
  if (parsed instanceof Error) {
    const message = parsed.message.toLowerCase();
    if (message.includes('no passphrase')) return { ok: false, error: 'keyNeedsPassphrase' };
    if (passphrase && /decrypt|passphrase|bad|integrity/.test(message))
      return { ok: false, error: 'keyWrongPassphrase' };
    return { ok: false, error: 'keyNotPrivate' };
  }
  const key = Array.isArray(parsed) ? parsed[0] : parsed;
  if (!key || !key.isPrivateKey()) return { ok: false, error: 'keyNotPrivate' };
  return { ok: true, type: key.type };
}
