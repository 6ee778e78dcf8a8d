/**
 * The sign-in page (/core/auth/login/), a plain script: no React, no SystemJS, no request for translations.
 * It does not boot the console; once the form is shown it warms the console's files in the background.
 * The language rules and cookie parsing are the SDK's own pure functions, bundled in (a few hundred bytes).
 */
import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE } from '../../../sdk/src/constants';
import { readCookie } from '../../../sdk/src/rules/cookies';
import { detectLanguage } from '../../../sdk/src/rules/language';
import { renderLoginForm, renderMfaForm } from './LoginForm';
import { LOGIN_MESSAGES } from './messages';
import { readLoginPageData } from './pageData';
import { readWarmUrls, warmUp, whenIdle } from './warmUp';

function main(root: HTMLElement): void {
  const data = readLoginPageData(document);
  // Same rule as the console (docs/shell.md#languages-and-dates): language cookie, then the browser, then zh. The server's own `lang`
  // stands in for the cookie when the cookie is absent (it computed it from the same request).
  const lng = detectLanguage({
    cookie: readCookie(document.cookie, LANGUAGE_COOKIE) ?? data.lang,
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  const messages = LOGIN_MESSAGES[lng];
  document.documentElement.lang = lng;
  document.title = data.loginTitle || messages.title;
  if (data.mfa) renderMfaForm(root, data, messages);
  else renderLoginForm(root, data, messages);
  // The console page that follows the sign-in comes with its data in this browser's time zone.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone)
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
  whenIdle(window, () => warmUp(document, readWarmUrls(document)));
}

const root = document.getElementById('login');
if (root) main(root);
