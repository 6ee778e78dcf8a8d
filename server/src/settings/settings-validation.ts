import crypto from 'node:crypto';
import type { Language } from '../engine/declaration';
import { message } from '../engine/messages';
import { messageCatalogue } from '../http/message-catalogue';
import { ResponseError } from '../http/api-error';
import { SETTING_CATEGORIES, type SettingCategoryName, type SettingField } from './settings-catalogue';

const settingMessage = messageCatalogue({
  invalidUrl: { en: 'Enter a valid URL.', zh: '请输入合法的 URL。', ja: '有効なURLを入力してください。' },
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
    const checked = checkValue(field, input[name], lang);
    if (Array.isArray(checked)) errors[name] = checked;
    else values[name] = checked.value;
  }
  if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);
  return values;
}
