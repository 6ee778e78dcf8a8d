// The sign-in address that leads back here (docs/auth.md#signing-in). Its own module, with the SDK's constants taken from
// their source, so the host's small entry can send a visitor to it without loading the SDK.
import { LOGIN_PATH } from '../../../sdk/src/constants';

/** The login page with `next` = the full path (path, query, hash) to come back to. */
export function loginUrl(location: { pathname: string; search: string; hash: string }): string {
  return `${LOGIN_PATH}?next=${encodeURIComponent(`${location.pathname}${location.search}${location.hash}`)}`;
}
