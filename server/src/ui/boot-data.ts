import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requestLanguage } from '../http/language';
import { DEFAULT_ORG_ID } from '../orgs/org-ids';
import type { PluginFiles } from './module-preloads';

/** The three answers the console's boot waits for before it can load plugins (docs/architecture.md). */
export const PUBLIC_SETTINGS_URL = '/api/v1/settings/public/';
export const PROFILE_URL = '/api/v1/users/profile/';
export const PLUGIN_LIST_URL = '/api/v1/ui/plugins/';

/**
 * One API answer given to the page with it: the console uses it instead of sending the same request, once,
 * and only when its own request would carry exactly these headers (organization and time zone).
 */
export interface BootAnswer {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface BootData {
  answers: BootAnswer[];
  /** language -> i18n namespace -> resources (the host's and the listed plugins'). */
  locales: Record<string, Record<string, unknown>>;
}

export interface PluginListEntry extends PluginFiles {
  id: string;
  manifest: PluginFiles['manifest'] & { i18nNamespace?: unknown };
}

/** Set by the console (and the login page) so that pages rendered for it can use its time zone. */
export const TIME_ZONE_COOKIE = 'X-TZ';
const ORG_COOKIE = 'X-JMS-ORG';
const LANGUAGES = ['zh', 'en', 'ja'] as const;
const FALLBACK_LANGUAGE = 'en';

const firstString = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
};

/**
 * The X-JMS-ORG header the console sends (the SDK's `resolveOrgHeader`): `?oid=`, else the current
 * organization (its cookie), else the default organization unless the extended edition is on.
 */
function orgHeader(request: FastifyRequest, xpackEnabled: boolean): string | undefined {
  const oid = firstString((request.query as Record<string, unknown> | undefined)?.oid);
  return oid ?? firstString(request.cookies[ORG_COOKIE]) ?? (xpackEnabled ? undefined : DEFAULT_ORG_ID);
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** What the server knows of a console page's first view: its boot data, or that nobody is signed in. */
export type FirstViewBoot =
  | { signedIn: true; data: BootData; plugins: PluginListEntry[] }
  | { signedIn: false }
  /** Signed in, but something failed: the console asks for everything itself. */
  | null;

/**
 * The boot data of a signed-in page (docs/architecture.md "Boot sequence"): the public settings, the
 * profile and the plugin list, asked of this server itself with the browser's own cookies (so every rule of
 * those endpoints applies unchanged), and the translations the first view needs. `signedIn: false` without a
 * session cookie or when the profile is refused to it; null when anything else fails: the console then asks
 * for them itself, as it always could.
 */
export async function bootDataFor(
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
): Promise<FirstViewBoot> {
  if (!request.cookies[ctx.cookies.session]) return { signedIn: false };
  const timeZone = firstString(request.cookies[TIME_ZONE_COOKIE]);
  const answers: BootAnswer[] = [];
  let profileStatus = 0;
  const ask = async (url: string, org: string | undefined): Promise<unknown> => {
    const headers: Record<string, string> = {};
    if (org) headers['X-JMS-ORG'] = org;
    if (timeZone) headers['X-TZ'] = timeZone;
    const response = await app.inject({
      method: 'GET',
      url,
      headers: {
        ...headers,
        cookie: request.headers.cookie ?? '',
        ...(request.headers['accept-language']
          ? { 'accept-language': request.headers['accept-language'] }
          : {}),
      },
    });
    if (url === PROFILE_URL) profileStatus = response.statusCode;
    if (response.statusCode !== 200) return undefined;
    const body: unknown = response.json();
    answers.push({ url, headers, body });
    return body;
  };

  // Before the settings are known the console has no edition yet, as here.
  const settings = (await ask(PUBLIC_SETTINGS_URL, orgHeader(request, false))) as
    { data?: { XPACK_ENABLED?: unknown } } | undefined;
  if (settings === undefined) return null;
  const org = orgHeader(request, settings.data?.XPACK_ENABLED === true);
  const [profile, plugins] = await Promise.all([ask(PROFILE_URL, org), ask(PLUGIN_LIST_URL, org)]);
  // The console treats a refused profile as "not signed in" (docs/shell.md#start-up-order): so does its page.
  if (profileStatus === 401 || profileStatus === 403) return { signedIn: false };
  if (profile === undefined || !Array.isArray(plugins)) return null;
  const listed = plugins as PluginListEntry[];
  return {
    signedIn: true,
    data: { answers, locales: await localesFor(ctx, requestLanguage(request), listed) },
    plugins: listed,
  };
}

/** The host's and the listed plugins' translations in `lng` and in the fallback language. */
async function localesFor(
  ctx: AppContext,
  lng: string,
  plugins: readonly PluginListEntry[],
): Promise<BootData['locales']> {
  const files: Array<{ language: string; ns: string; file: Promise<string | null> }> = [];
  for (const language of new Set([lng, FALLBACK_LANGUAGE])) {
    if (!(LANGUAGES as readonly string[]).includes(language)) continue;
    files.push({
      language,
      ns: 'host',
      file: Promise.resolve(path.join(ctx.uiDir, 'locales', language, 'host.json')),
    });
    for (const plugin of plugins) {
      const ns = plugin.manifest.i18nNamespace;
      if (typeof ns !== 'string' || ns === 'host') continue;
      const dir = ctx.plugins.directoryOf(plugin.id);
      files.push({
        language,
        ns,
        file: dir.then((d) => (d === null ? null : path.join(d, 'locales', `${language}.json`))),
      });
    }
  }
  const read = await Promise.all(
    files.map(async (f) => {
      const file = await f.file;
      return { ...f, resources: file === null ? undefined : await readJson(file) };
    }),
  );
  const locales: BootData['locales'] = {};
  for (const { language, ns, resources } of read) {
    locales[language] ??= {};
    if (resources !== undefined) locales[language][ns] = resources;
  }
  return locales;
}
