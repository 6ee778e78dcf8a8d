/**
 * A framed block for what a person must not miss in the terminal (a password shown once): blank lines and
 * a frame make it stand out, and it is printed last, after the server says where it listens.
 */
export function framedNotice(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return `\n${rule}\n${lines.map((line) => `| ${line.padEnd(width)} |`).join('\n')}\n${rule}\n\n`;
}

export const RESET_PASSWORD_HINT = 'Lost it? npm run admin -- reset-password';

/** The first start's notice: the admin user was made with this generated password. */
export function adminPasswordNotice(username: string, password: string, signInUrl: string | null): string {
  return framedNotice([
    `The administrator "${username}" was created. Its password is shown only this once:`,
    '',
    `    admin password: ${password}`,
    '',
    signInUrl ? `Sign in at ${signInUrl} and keep the password safe.` : 'Keep the password safe.',
    RESET_PASSWORD_HINT,
  ]);
}
