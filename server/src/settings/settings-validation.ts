import crypto from 'node:crypto';
import net from 'node:net';
import type { Language } from '../engine/declaration';
import { message } from '../engine/messages';
import { messageCatalogue } from '../http/message-catalogue';
import { ResponseError } from '../http/api-error';
import {
  SETTING_CATEGORIES,
  type SettingCategoryName,
  type SettingField,
  type SwitchNeeds,
} from './settings-catalogue';

const settingMessage = messageCatalogue({
  invalidUrl: { en: 'Enter a valid URL.', zh: '请输入合法的 URL。', ja: '有効なURLを入力してください。' },
  invalidEmail: {
    en: 'Enter a valid email address.',
    zh: '请输入合法的邮件地址。',
    ja: '有効なメールアドレスを入力してください。',
  },
  invalidLdapUri: {
    en: 'Enter an ldap:// or ldaps:// address.',
    zh: '请输入 ldap:// 或 ldaps:// 地址。',
    ja: 'ldap:// または ldaps:// のアドレスを入力してください。',
  },
  invalidHost: {
    en: 'Enter a host name or an IP address.',
    zh: '请输入主机名或 IP 地址。',
    ja: 'ホスト名または IP アドレスを入力してください。',
  },
  invalidDomain: {
    en: 'Enter a domain name, e.g. example.com.',
    zh: '请输入域名，例如 example.com。',
    ja: 'ドメイン名を入力してください（例: example.com）。',
  },
  invalidRegex: {
    en: 'Enter a valid regular expression.',
    zh: '请输入合法的正则表达式。',
    ja: '有効な正規表現を入力してください。',
  },
  invalidAttrMap: {
    en: 'Map username, name and email to directory attributes, e.g. {"username": "uid", "name": "cn", "email": "mail"}.',
    zh: '请把 username、name、email 映射到目录属性，例如 {"username": "uid", "name": "cn", "email": "mail"}。',
    ja: 'username、name、email をディレクトリ属性に対応付けてください（例: {"username": "uid", "name": "cn", "email": "mail"}）。',
  },
  invalidCasAttribute: {
    en: 'Enter an attribute name, e.g. cas:user or mail.',
    zh: '请输入属性名，例如 cas:user 或 mail。',
    ja: '属性名を入力してください（例: cas:user、mail）。',
  },
  invalidRenameMap: {
    en: 'Map attribute names to name or email, e.g. {"cas:displayName": "name", "mail": "email"}.',
    zh: '请把属性名映射到 name 或 email，例如 {"cas:displayName": "name", "mail": "email"}。',
    ja: '属性名を name または email に対応付けてください（例: {"cas:displayName": "name", "mail": "email"}）。',
  },
  invalidRenameMapWithUsername: {
    en: 'Map attribute names to username, name or email, e.g. {"uid": "username", "mail": "email"}.',
    zh: '请把属性名映射到 username、name 或 email，例如 {"uid": "username", "mail": "email"}。',
    ja: '属性名を username、name または email に対応付けてください（例: {"uid": "username", "mail": "email"}）。',
  },
  neededBySwitch: {
    en: 'Required while {switch} is on.',
    zh: '开启 {switch} 时必填。',
    ja: '{switch} をオンにする場合は必須です。',
  },
});

type FieldErrors = Record<string, string[]>;

/** http(s) URLs only: a `javascript:` address in the help menu or a link would run in the console. */
const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;
/** An attribute description of RFC 4512: a name (letters, digits, hyphens) or an OID. */
const LDAP_ATTRIBUTE = /^(?:[A-Za-z][A-Za-z0-9-]*|\d+(?:\.\d+)+)$/;
/**
 * A claim name of an OpenID token (docs/auth-sources.md#openid-connect): `preferred_username`, `urn:x.y`;
 * also a CAS attribute name, `cas:user` (docs/auth-sources.md#cas).
 */
const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,127}$/;
/** A SAML2 attribute name: a plain name, a urn:oid: or an http(s) URI (docs/auth-radius-saml.md#settings). */
const URI_ATTRIBUTE = /^[A-Za-z_][A-Za-z0-9_.:/#-]{0,255}$/;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const isLdapUri = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'ldap:' || url.protocol === 'ldaps:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** A DNS name (RFC 1123 labels) or an IPv4/IPv6 address; nothing that carries a port, a path or a scheme. */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const isHost = (value: string): boolean => net.isIP(value) !== 0 || HOST_NAME.test(value);
/** A domain for e-mail addresses: a DNS name of two labels or more whose last label is not all digits. */
const isDomain = (value: string): boolean =>
  HOST_NAME.test(value) && value.includes('.') && !/^\d+$/.test(value.split('.').at(-1) ?? '');

function checkText(value: unknown, maxLength: number, lang: Language): string | string[] {
  if (typeof value !== 'string') return [message('invalidString', lang)];
  if (value.includes('\0')) return [message('nullCharacters', lang)];
  if ([...value].length > maxLength) return [message('maxLength', lang, { n: maxLength })];
  return value.trim();
}

/** One value, cleaned; or its error messages. */
function checkValue(field: SettingField, value: unknown, lang: Language): { value: unknown } | string[] {
  const kind = field.kind;
  if (value === null) return [message('null', lang)];
  switch (kind.type) {
    case 'boolean':
      return typeof value === 'boolean' ? { value } : [message('invalidBoolean', lang)];
    case 'integer': {
      const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n)) return [message('invalidInteger', lang)];
      if (n < kind.min) return [message('minValue', lang, { n: kind.min })];
      if (n > kind.max) return [message('maxValue', lang, { n: kind.max })];
      return { value: n };
    }
    case 'string': {
      const text = checkText(value, kind.maxLength, lang);
      return typeof text === 'string' ? { value: text } : text;
    }
    case 'url': {
      const text = checkText(value, kind.maxLength, lang);
      if (typeof text !== 'string') return text;
      if (text === '' && !field.required) return { value: '' };
      if (text === '') return [message('blank', lang)];
      return isHttpUrl(text) ? { value: text.replace(/\/+$/, '') } : [settingMessage('invalidUrl', lang)];
    }
    case 'secret': {
      if (typeof value !== 'string') return [message('invalidString', lang)];
      if (value.includes('\0')) return [message('nullCharacters', lang)];
      if ([...value].length > kind.maxLength) return [message('maxLength', lang, { n: kind.maxLength })];
      return { value };
    }
    case 'email': {
      const text = checkText(value, 128, lang);
      if (typeof text !== 'string') return text;
      return text === '' || EMAIL.test(text) ? { value: text } : [settingMessage('invalidEmail', lang)];
    }
    case 'ldapUri': {
      const text = checkText(value, 1024, lang);
      if (typeof text !== 'string') return text;
      return isLdapUri(text) ? { value: text } : [settingMessage('invalidLdapUri', lang)];
    }
    case 'host': {
      const text = checkText(value, 253, lang);
      if (typeof text !== 'string') return text;
      if (text === '') return [message('blank', lang)];
      return isHost(text) ? { value: text } : [settingMessage('invalidHost', lang)];
    }
    case 'domain': {
      const text = checkText(value, 253, lang);
      if (typeof text !== 'string') return text;
      if (text === '') return [message('blank', lang)];
      return isDomain(text) ? { value: text.toLowerCase() } : [settingMessage('invalidDomain', lang)];
    }
    case 'attrMap': {
      let map = value;
      if (typeof map === 'string')
        try {
          map = JSON.parse(map);
        } catch {
          return [settingMessage('invalidAttrMap', lang)];
        }
      if (typeof map !== 'object' || map === null || Array.isArray(map))
        return [settingMessage('invalidAttrMap', lang)];
      const out: Record<string, string> = {};
      for (const key of ['username', 'name', 'email']) {
        const attr = (map as Record<string, unknown>)[key];
        if (typeof attr !== 'string' || !(kind.claims ? CLAIM_NAME : LDAP_ATTRIBUTE).test(attr))
          return [settingMessage('invalidAttrMap', lang)];
        out[key] = attr;
      }
      return { value: out };
    }
    case 'casAttribute': {
      const text = checkText(value, 128, lang);
      if (typeof text !== 'string') return text;
      return CLAIM_NAME.test(text) ? { value: text } : [settingMessage('invalidCasAttribute', lang)];
    }
    case 'renameMap': {
      const map = typeof value === 'string' ? parseJson(value) : value;
      const targets = kind.targets ?? ['name', 'email'];
      const refused = [
        settingMessage(
          targets.includes('username') ? 'invalidRenameMapWithUsername' : 'invalidRenameMap',
          lang,
        ),
      ];
      if (typeof map !== 'object' || map === null || Array.isArray(map)) return refused;
      const entries = Object.entries(map as Record<string, unknown>);
      const name = kind.uriNames ? URI_ATTRIBUTE : CLAIM_NAME;
      const fine = entries.every(([from, to]) => name.test(from) && targets.includes(String(to)));
      return fine && entries.length <= 32 ? { value: Object.fromEntries(entries) } : refused;
    }
    case 'object': {
      const object = typeof value === 'string' ? parseJson(value.trim() === '' ? '{}' : value) : value;
      return typeof object === 'object' && object !== null && !Array.isArray(object)
        ? { value: object }
        : [message('notADict', lang, { type: Array.isArray(object) ? 'list' : typeof object })];
    }
    case 'choice': {
      const text = typeof value === 'number' ? String(value) : value;
      return typeof text === 'string' && kind.values.includes(text)
        ? { value: text }
        : [message('invalidChoice', lang, { value: String(value) })];
    }
    case 'regex': {
      const text = checkText(value, kind.maxLength, lang);
      if (typeof text !== 'string') return text;
      try {
        new RegExp(text);
      } catch {
        return [settingMessage('invalidRegex', lang)];
      }
      return { value: text };
    }
    case 'announcement': {
      if (typeof value !== 'object' || Array.isArray(value))
        return [message('notADict', lang, { type: Array.isArray(value) ? 'list' : typeof value })];
      const input = value as Record<string, unknown>;
      const out: Record<string, string> = {};
      for (const [key, max] of [
        ['SUBJECT', 1024],
        ['CONTENT', 4096],
        ['LINK', 1024],
      ] as const) {
        const text = checkText(input[key] ?? '', max, lang);
        if (typeof text !== 'string') return text.map((m) => `${key}: ${m}`);
        if (key === 'LINK' && text !== '' && !isHttpUrl(text))
          return [`${key}: ${settingMessage('invalidUrl', lang)}`];
        out[key] = text;
      }
      // A new ID whenever the announcement changes, so that users who closed the old one see the new one.
      out.ID = crypto.createHash('sha256').update(JSON.stringify(out)).digest('hex').slice(0, 16);
      return { value: out };
    }
  }
}

/**
 * The body of a PUT (`partial` false: required fields must be there) or PATCH of one category, cleaned;
 * a 400 with every field's errors otherwise (docs/settings.md#the-settings-api). Keys the category does not
 * have are ignored, as v2.21 does, so that a client sending a whole v2.21 form still saves what exists here.
 */
export function validateSettings(
  category: SettingCategoryName,
  body: unknown,
  partial: boolean,
  lang: Language,
): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ResponseError(400, {
      non_field_errors: [message('notADict', lang, { type: Array.isArray(body) ? 'list' : typeof body })],
    });
  const fields = SETTING_CATEGORIES[category].fields as Record<string, SettingField>;
  const input = body as Record<string, unknown>;
  const errors: FieldErrors = {};
  const values: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (!Object.hasOwn(input, name)) {
      if (!partial && field.required) errors[name] = [message('required', lang)];
      continue;
    }
    // A write-only secret left blank keeps the stored one (the form never receives it back).
    if (field.kind.type === 'secret' && (input[name] === null || input[name] === '')) continue;
    const checked = checkValue(field, input[name], lang);
    if (Array.isArray(checked)) errors[name] = checked;
    else values[name] = checked.value;
  }
  if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
  return values;
}

/**
 * A switch of the category may be on only while the fields it needs hold a value (the category's
 * `switches`, docs/auth-im-sms.md#settings): `merged` is every stored value with the category's defaults and
 * the request's over them, a write-only secret counting as set while a sealed one is stored. A 400 naming
 * each empty field otherwise — a field of another category (the SMS provider's keys) included.
 */
export function checkSwitches(
  category: SettingCategoryName,
  merged: Readonly<Record<string, unknown>>,
  lang: Language,
): void {
  const switches: Readonly<Record<string, SwitchNeeds>> =
    (SETTING_CATEGORIES[category] as { switches?: Record<string, SwitchNeeds> }).switches ?? {};
  const errors: FieldErrors = {};
  for (const [name, needed] of Object.entries(switches)) {
    if (merged[name] !== true) continue;
    for (const field of typeof needed === 'function' ? needed(merged) : needed)
      if (typeof merged[field] !== 'string' || (merged[field] as string).trim() === '')
        errors[field] = [settingMessage('neededBySwitch', lang, { switch: name })];
  }
  if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
}
