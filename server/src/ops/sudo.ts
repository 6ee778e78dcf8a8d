import type { SshCredentials, SshSession } from '../ssh/ssh-client';

/** POSIX shell single-quoting. */
export const shq = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** How a script runs as root over a session: the command to send and what goes before its own input. */
export interface RootRunner {
  wrap(script: string): string;
  /** Written before the script's own standard input (sudo's password line, when sudo asks for one). */
  stdinPrefix: string;
}

/**
 * How to run scripts as root through a session logged in as `admin` (docs/ssh.md#tasks): root runs them
 * as they are; any other account through `sudo`. When sudo asks for a password, the admin's password is
 * given on sudo's standard input (`-S`, empty prompt), never in an argument, and is tried once on its own
 * first (`sudo -S true` with nothing else on its input), so a wrong password can never make sudo read the
 * script's input (the pushed account's secrets) as further attempts. Null: sudo refused.
 */
export async function rootRunner(session: SshSession, admin: SshCredentials): Promise<RootRunner | null> {
  if (admin.username === 'root') return { wrap: (script) => script, stdinPrefix: '' };
  const sudo = (flags: string) => (script: string) => `sudo ${flags} sh -c ${shq(script)}`;
  // -n: never prompt; succeeds when the admin may use sudo without a password.
  if ((await session.exec('sudo -n true')).code === 0) return { wrap: sudo('-n'), stdinPrefix: '' };
  if (!admin.password) return null;
  const line = `${admin.password}\n`;
  if ((await session.exec("sudo -S -p '' true", { stdin: line })).code !== 0) return null;
  return { wrap: sudo("-S -p ''"), stdinPrefix: line };
}
