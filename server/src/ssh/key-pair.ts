import ssh2 from 'ssh2';

/** How the private key is locked (OpenSSH's own format), as ssh2's generator takes it. */
export interface KeyLock {
  passphrase: string;
  cipher: string;
  rounds: number;
}

const ATTEMPTS = 20;

/**
 * A new ed25519 key pair, OpenSSH format. ssh2's generator writes a private key that neither its own parser
 * nor `ssh-keygen` can read about once in 150 keys; such a key would be saved and fail at the first log-in.
 * Each key is read back with the parser that will use it and made again until it reads.
 */
export function newSshKeyPair(lock?: KeyLock): { private: string; public: string } {
  for (let attempt = 1; ; attempt += 1) {
    const pair = lock
      ? ssh2.utils.generateKeyPairSync('ed25519', lock)
      : ssh2.utils.generateKeyPairSync('ed25519');
    if (!(ssh2.utils.parseKey(pair.private, lock?.passphrase) instanceof Error)) return pair;
    if (attempt === ATTEMPTS) throw new Error(`no readable ed25519 key in ${ATTEMPTS} attempts`);
  }
}
