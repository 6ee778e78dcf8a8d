/** A database URL as shown in messages and logs: the password replaced by `***`. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    // Not a URL we can parse: show nothing that might be a secret.
    return '(an unparsable database URL)';
  }
}

/** Whether `BASTION_DATABASE_URL` names PostgreSQL (the only server backend). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}
