import ssh2 from 'ssh2';
import { describe, expect, it } from 'vitest';
import { newSshKeyPair } from '../../../server/src/ssh/key-pair';

describe('newSshKeyPair', () => {
  // ssh2's generator alone writes an unreadable key about once in 150: 600 keys catch that almost surely.
  it('makes only keys that read back, public half matching', () => {
    for (let i = 0; i < 600; i += 1) {
      const pair = newSshKeyPair();
      const key = ssh2.utils.parseKey(pair.private);
      expect(key).not.toBeInstanceOf(Error);
      const parsed = Array.isArray(key) ? key[0] : key;
      if (parsed instanceof Error || !parsed) throw new Error('unreadable key');
      expect(`${parsed.type} ${parsed.getPublicSSH().toString('base64')}`).toBe(
        pair.public.split(' ').slice(0, 2).join(' '),
      );
    }
  });

  it('makes locked keys that read back only with their passphrase', () => {
    const pair = newSshKeyPair({ passphrase: 'Key-Pass-1', cipher: 'aes256-ctr', rounds: 4 });
    expect(ssh2.utils.parseKey(pair.private, 'Key-Pass-1')).not.toBeInstanceOf(Error);
    expect(ssh2.utils.parseKey(pair.private)).toBeInstanceOf(Error);
  });
});
