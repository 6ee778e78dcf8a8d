import fs from 'node:fs/promises';
import path from 'node:path';

export const NOT_BUILT_MESSAGE = 'console not built: run npm run build';

const OVERRIDES_PLACEHOLDER = '<!--BASTION_DEV_OVERRIDES-->';
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

/**
 * URL of the import-map-overrides script from `build-info.json` (`overridesScript`), as an absolute
 * `/ui/…` path; a relative value is taken relative to /ui/. null when absent or not a plain path.
 */
export async function overridesScriptUrl(uiDir: string): Promise<string | null> {
  const text = await readTemplate(path.join(uiDir, 'build-info.json'));
  if (text === null) return null;
  let value: unknown;
  try {
    value = (JSON.parse(text) as Record<string, unknown>).overridesScript;
  } catch {
    return null;
  }
  if (typeof value !== 'string' || value === '') return null;
  const url = value.startsWith('/') ? value : `/ui/${value.replace(/^\.\//, '')}`;
  if (!/^\/ui\/[A-Za-z0-9._\-/]+$/.test(url) || url.includes('..') || url.includes('//')) return null;
  return url;
}

/** index.html with the dev-overrides placeholder filled (flag on) or removed; null when not built. */
export async function renderIndexPage(uiDir: string, devOverrides: boolean): Promise<string | null> {
  const template = await readTemplate(path.join(uiDir, 'index.html'));
  if (template === null) return null;
  const url = devOverrides ? await overridesScriptUrl(uiDir) : null;
  const tag = url === null ? '' : `<script src="${escapeAttribute(url)}"></script>`;
  return template.split(OVERRIDES_PLACEHOLDER).join(tag);
}

export interface LoginPageData {
  next: string;
  error: string;
  username: string;
  csrfToken: string;
  loginTitle: string;
  lang: string;
}

/** login.html with its page data embedded as inert JSON; null when not built. */
export async function renderLoginPage(uiDir: string, data: LoginPageData): Promise<string | null> {
  const template = await readTemplate(path.join(uiDir, 'login.html'));
  if (template === null) return null;
  const script = `<script type="application/json" id="bastion-login-data">${jsonForScript(data)}</script>`;
  return template.split(LOGIN_DATA_PLACEHOLDER).join(script);
}
