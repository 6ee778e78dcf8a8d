/**
 * @bastion/login — the sign-in page, rendered into <div id="login">. It does not boot the console (no
 * services, no plugins): it reads the server's page data, loads the host translations and shows the form.
 */
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { PrimeReactProvider } from 'primereact/api';
import {
  BASE_PATH,
  FALLBACK_LANGUAGE,
  LANGUAGE_COOKIE,
  detectLanguage,
  readCookie,
  type Language,
} from '@bastion/sdk';
import { LoginPage } from './LoginPage';
import { readLoginPageData } from './pageData';

async function fetchHostTranslations(lng: Language): Promise<Record<string, unknown>> {
  try {
    const res = await fetch(`${BASE_PATH}locales/${lng}/host.json`, { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function main(element: HTMLElement): Promise<void> {
  const data = readLoginPageData(document);
  // Same rule as the console (spec §1): language cookie, then the browser, then zh. The server's own `lang`
  // stands in for the cookie when the cookie is absent (it computed it from the same request).
  const lng = detectLanguage({
    cookie: readCookie(document.cookie, LANGUAGE_COOKIE) ?? data.lang,
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
  const [own, fallback] = await Promise.all([
    fetchHostTranslations(lng),
    lng === FALLBACK_LANGUAGE ? Promise.resolve({}) : fetchHostTranslations(FALLBACK_LANGUAGE),
  ]);
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: 'host',
    ns: ['host'],
    resources: {
      [lng]: { host: own },
      [FALLBACK_LANGUAGE]: { host: lng === FALLBACK_LANGUAGE ? own : fallback },
    },
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = lng;
  document.title = data.loginTitle || i18n.t('login.title');
  createRoot(element).render(
    <PrimeReactProvider>
      <LoginPage data={data} t={(key) => i18n.t(key)} />
    </PrimeReactProvider>,
  );
}

const element = document.getElementById('login');
if (element) void main(element);
