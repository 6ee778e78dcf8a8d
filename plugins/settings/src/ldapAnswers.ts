import { isHttpError } from '@bastion/sdk';

/**
 * The LDAP calls answer in v2.21's shapes (docs/ldap.md#tests): a bare JSON string for the tests,
 * `{msg}` / `{error}` / `{errors: [...]}` for the list and the import. One reading of them for every panel.
 */
export interface LdapAnswer {
  text: string;
  errors: string[];
}

export function readAnswer(data: unknown): LdapAnswer {
  if (typeof data === 'string') return { text: data, errors: [] };
  if (data && typeof data === 'object') {
    const body = data as { msg?: unknown; error?: unknown; errors?: unknown; detail?: unknown };
    const errors = Array.isArray(body.errors) ? body.errors.map(String) : [];
    const text = [body.msg, body.error, body.detail].find((v) => typeof v === 'string') as string | undefined;
    return { text: text ?? '', errors };
  }
  return { text: '', errors: [] };
}

/** What a refused call said, or `fallback` when it said nothing readable (no answer at all). */
export function readFailure(error: unknown, fallback: string): LdapAnswer {
  const answer = readAnswer(isHttpError(error) ? error.data : null);
  return answer.text === '' && answer.errors.length === 0 ? { text: fallback, errors: [] } : answer;
}
