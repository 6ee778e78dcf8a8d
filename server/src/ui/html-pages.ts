import fs from 'node:fs/promises';
import path from 'node:path';
import type { BootData } from './boot-data';
import { hostPreloads, readBuiltImportMap, type Preload } from './module-preloads';

export const NOT_BUILT_MESSAGE = 'console not built: run npm run build';

const OVERRIDES_PLACEHOLDER = '<!--BASTION_DEV_OVERRIDES-->';
const FIRST_VIEW_PLACEHOLDER = '<!--BASTION_FIRST_VIEW-->';
const LOGIN_DATA_PLACEHOLDER = '<!--BASTION_LOGIN_DATA-->';

async function readTemplate(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * JSON that is safe inside `<script type="application/json">`: no `<`, `>` or `&` can end the element or
 * start a comment, and U+2028/2029 are escaped for older JavaScript parsers.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A `/ui/…` URL of the build as an absolute path (a relative one is taken relative to /ui/); else null. */
function uiUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const url = value.startsWith('/') ? value : `/ui/${value.replace(/^\.\//, '')}`;
  if (!/^\/ui\/[A-Za-z0-9._\-/]+$/.test(url) || url.includes('..') || url.includes('//')) return null;
  return url;
}

async function readBuildInfo(uiDir: string): Promise<Record<string, unknown> | null> {
  const text = await readTemplate(path.join(uiDir, 'build-info.json'));
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * URL of the import-map-overrides script from `build-info.json` (`overridesScript`), as an absolute
 * `/ui/…` path; a relative value is taken relative to /ui/. null when absent or not a plain path.
 */
export async function overridesScriptUrl(uiDir: string): Promise<string | null> {
  return uiUrl((await readBuildInfo(uiDir))?.overridesScript);
}

/** `<link rel="preload">` of a script as SystemJS will load it: same URL, same integrity, no CORS. */
const preloadTag = (p: Preload): string =>
  `<link rel="preload" as="script" href="${escapeAttribute(p.url)}"${
    p.integrity ? ` integrity="${escapeAttribute(p.integrity)}"` : ''
  } />`;

/**
 * What a console page carries besides the template: for a signed-in request the files of its first view and
 * its boot data; else the hint that nobody is signed in, so the host's entry sends the visitor to the login
 * page at once (the server still answers every API call with 401).
 */
export type FirstView = { preloads: readonly Preload[]; bootData: BootData } | { signedOut: true };

const SIGNED_OUT_HINT = '<meta name="bastion-session" content="none" />';

/**
 * index.html with the dev-overrides placeholder filled (flag on) or removed and, for a signed-in request,
 * the first view: preloads of every module it loads and the boot data as inert JSON. null when not built.
 */
export async function renderIndexPage(
  uiDir: string,
  devOverrides: boolean,
  firstView: FirstView | null = null,
): Promise<string | null> {
  const template = await readTemplate(path.join(uiDir, 'index.html'));
  if (template === null) return null;
  const url = devOverrides ? await overridesScriptUrl(uiDir) : null;
  const tag = url === null ? '' : `<script src="${escapeAttribute(url)}"></script>`;
  let view = '';
  if (firstView !== null && 'signedOut' in firstView) view = SIGNED_OUT_HINT;
  else if (firstView !== null)
    view = [
      ...firstView.preloads.map(preloadTag),
      `<script type="application/json" id="bastion-boot-data">${jsonForScript(firstView.bootData)}</script>`,
    ].join('\n    ');
  return template.split(OVERRIDES_PLACEHOLDER).join(tag).split(FIRST_VIEW_PLACEHOLDER).join(view);
}

/**
 * The console's own files that the login page warms once its form is shown: the page's stylesheet and
 * loader (`build-info.json` "pageAssets") and the host's first view; never a plugin.
 */
export async function consoleWarmUrls(uiDir: string): Promise<string[]> {
  const info = await readBuildInfo(uiDir);
  const assets = Array.isArray(info?.pageAssets) ? info.pageAssets.map(uiUrl) : [];
  const map = await readBuiltImportMap(uiDir);
  return [
    ...assets.filter((u): u is string => u !== null),
    '/ui/importmap.json',
    ...(map ? hostPreloads(map).map((p) => p.url) : []),
  ];
}

export interface LoginPageData {
  next: string;
  error: string;
  username: string;
  csrfToken: string;
  loginTitle: string;
  /** The logo above the form and the picture beside it (docs/interface.md); '' for none. */
  loginLogo: string;
  loginImage: string;
  lang: string;
  /** The buttons of the outside sign-in sources that are on (docs/auth-sources.md): label and local path. */
  sources?: { id: string; label: string; url: string }[];
  /** Where "forgot password" leads when the Auth settings name a page; '' for this console's own. */
  forgotPasswordUrl?: string;
  /** The MFA step of a sign-in (docs/auth.md#mfa-at-sign-in): a code, or enrolment first; absent: the form. */
  mfa?: 'otp' | 'enrol';
  /** Enrolment only: the secret to type into an authenticator and its QR code (an SVG data URL). */
  otpSecret?: string;
  otpQr?: string;
  /** The MFA step may take a code by text message, sent to this (masked) number; absent: not offered. */
  smsPhone?: string;
  /** 'sms' when the page answers a refused code by text message: the page keeps that method chosen. */
  mfaType?: 'sms';
}

/** login.html with its page data and the console files to warm embedded as inert JSON; null when not built. */
export async function renderLoginPage(uiDir: string, data: LoginPageData): Promise<string | null> {
  const template = await readTemplate(path.join(uiDir, 'login.html'));
  if (template === null) return null;
  const script =
    `<script type="application/json" id="bastion-login-data">${jsonForScript(data)}</script>\n    ` +
    `<script type="application/json" id="bastion-warm">${jsonForScript(await consoleWarmUrls(uiDir))}</script>`;
  return template.split(LOGIN_DATA_PLACEHOLDER).join(script);
}
