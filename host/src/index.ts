/**
 * @bastion/host — evaluating this module boots the console into <div id="app">. It is small on purpose: a
 * visitor is sent to the login page from here, before React and the shell load — without the csrf cookie there
 * is no session (docs/shell.md#start-up-order), and the server marks a page it knows to be signed out
 * (`<meta name="bastion-session" content="none">`). Everyone else gets the shell (./boot/boot, a lazy module
 * that the server preloads with the host for a signed-in page). The SDK's rules come from their source here.
 */
import { BASE_PATH, MISSING_TOKEN_REDIRECT_MS } from '../../sdk/src/constants';
import { readCsrfToken } from '../../sdk/src/rules/cookies';
import { loginUrl } from './services/loginUrl';

/** Old hash links and the /login route are first turned into their real address by the shell's boot. */
function shellDecides(): boolean {
  return location.hash.startsWith('#/') || location.pathname.replace(/\/+$/, '') === `${BASE_PATH}login`;
}

const element = document.getElementById('app');
if (!element) {
  console.error('Bastion console: no #app element on the page');
} else if (
  (readCsrfToken(document.cookie) === null ||
    document.querySelector('meta[name="bastion-session"][content="none"]')) &&
  !shellDecides()
) {
  setTimeout(() => location.assign(loginUrl(location)), MISSING_TOKEN_REDIRECT_MS);
} else {
  void import('./boot/boot').then(({ boot }) => boot(element));
}
