// The login page's own strings, taken from the host's locales at build time: esbuild keeps only the `login`
// key of each file, so the page carries a few hundred bytes of text instead of the host's namespace and
// needs no request for it.
import { login as en } from '../../locales/en.json';
import { login as ja } from '../../locales/ja.json';
import { login as zh } from '../../locales/zh.json';
import type { Language } from '../../../sdk/src/rules/language';

export type LoginMessages = typeof en;

export const LOGIN_MESSAGES: Readonly<Record<Language, LoginMessages>> = { zh, en, ja };
