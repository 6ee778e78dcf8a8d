/** Languages the console offers (docs/shell.md#languages-and-dates); English is the fallback text. */
export const LANGUAGES = ['zh', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
/**
 * Used when neither the cookie nor the browser names a supported language
 * (docs/shell.md#languages-and-dates).
 */
export const DEFAULT_LANGUAGE: Language = 'zh';

/**
 * Map any language tag to a console language: zh-hans, zh-CN, zh_TW… → zh; en-US → en; ja-JP → ja.
 * Unknown tags give null so the caller can fall through to the next source.
 */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/, 1)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null;
}

/** The value the core server expects in its `django_language` cookie. */
export function toServerLanguage(lng: Language): string {
  return lng === 'zh' ? 'zh-hans' : lng;
}

/**
 * Initial language: language cookie, then the browser's languages in order, then zh
 * (docs/shell.md#languages-and-dates).
 */
export function detectLanguage(input: { cookie?: string | null; browser?: readonly string[] }): Language {
  const fromCookie = normalizeLanguage(input.cookie);
  if (fromCookie) return fromCookie;
  for (const tag of input.browser ?? []) {
    const lng = normalizeLanguage(tag);
    if (lng) return lng;
  }
  return DEFAULT_LANGUAGE;
}
