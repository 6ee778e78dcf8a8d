import { parseArgs } from 'node:util';
import type { ServerConfig } from '../config';
import { buildApp } from '../app';
import { ADMIN_USERNAME } from '../bootstrap/first-start';
import { newPassword } from '../auth/random-tokens';
import { deleteBlock } from '../data/stores/login-failures';
import { findUserCredentials } from '../data/stores/users';
import { replacePassword } from '../users/password-change';
import { framedNotice } from './notice';

export const RESET_PASSWORD_USAGE = `usage: npm run admin -- reset-password [USERNAME]
  Gives USERNAME (default ${ADMIN_USERNAME}) a new generated password, prints it once, ends what the old one
  opened (sessions, temporary passwords; access keys are switched off) and lifts a login block of that
  username. Works on the data dir of BASTION_DATA_DIR (default ./data), also while the server runs.`;

/**
 * `reset-password [username]`: the way back in for an operator who lost the admin password (it is printed
 * only on the first start). Builds the app without listening, as `seed` does, so the schema and the
 * built-ins exist even on a fresh data dir.
 */
export async function runResetPassword(config: ServerConfig, argv: readonly string[]): Promise<number> {
  let username: string;
  try {
    const { positionals } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: {} });
    if (positionals.length > 1) throw new Error('one username at most');
    username = positionals[0] ?? ADMIN_USERNAME;
  } catch (error) {
    process.stderr.write(
      `${error instanceof Error ? error.message : String(error)}\n${RESET_PASSWORD_USAGE}\n`,
    );
    return 2;
  }
  const app = await buildApp({ ...config, demo: false, logLevel: 'warn' });
  try {
    const found = await findUserCredentials(app.db, username);
    if (!found) {
      process.stderr.write(`There is no user "${username}" in ${config.dataDir}.\n${RESET_PASSWORD_USAGE}\n`);
      return 1;
    }
    const password = newPassword();
    // The operator is nobody's session: an administrator's reset, which ends what the old password opened.
    await replacePassword(app.db, found.user.id, password, {
      actor: { userId: '', sessionId: null, remoteAddr: '' },
      mustChange: false,
    });
    await deleteBlock(app.db, 'user', username);
    process.stdout.write(
      framedNotice([
        `The password of "${username}" was reset. The new one is shown only this once:`,
        '',
        `    ${username} password: ${password}`,
        '',
        'Its open sessions were ended and its access keys switched off; the old password no longer signs in.',
      ]),
    );
    return 0;
  } finally {
    await app.close();
  }
}
