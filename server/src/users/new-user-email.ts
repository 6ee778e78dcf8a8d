import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { DEFAULT_EMAIL_SUFFIX } from '../settings/settings-catalogue';
import { categoryValues } from '../settings/settings-values';

/** Already an address: the username is kept as the e-mail (a RADIUS or CAS login is often one). */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The e-mail of a user a sign-in source creates without one — RADIUS, OpenID Connect, CAS, and every source
 * that ends in `finishExternalSignIn` (docs/settings.md#other): the username when it is an address already,
 * otherwise the username at the `EMAIL_SUFFIX` domain. The users table insists on a unique, well-formed
 * e-mail; characters an address may not hold become `_`. The user or an administrator corrects it later.
 */
export async function emailForNewUser(db: Database, config: ServerConfig, username: string): Promise<string> {
  if (ADDRESS.test(username)) return username;
  const { EMAIL_SUFFIX } = await categoryValues(db, config, 'other');
  const suffix =
    typeof EMAIL_SUFFIX === 'string' && EMAIL_SUFFIX !== '' ? EMAIL_SUFFIX : DEFAULT_EMAIL_SUFFIX;
  return `${username.replace(/[^A-Za-z0-9._+-]/g, '_')}@${suffix}`;
}
