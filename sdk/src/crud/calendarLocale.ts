import { addLocale, type LocaleOptions } from 'primereact/api';
import { normalizeLanguage, type Language } from '../rules/language';

/**
 * The PrimeReact Calendar in the console's language (docs/crud.md#dates): month and day names come from the
 * browser's own Intl data for the language (no hand-kept name tables), the buttons' words from the kit's
 * translations. Registered once per language, under the console's language code.
 */
const INTL: Readonly<Record<Language, string>> = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' };
/** Weeks start on Sunday in the three languages' default regions (China, the US, Japan). */
const FIRST_DAY_OF_WEEK = 0;
/** The date as the server writes it (docs/http.md#dates-on-the-wire): year-month-day in every language. */
export const CALENDAR_DATE_FORMAT = 'yy-mm-dd';

const registered = new Set<Language>();

function names(locale: string, options: Intl.DateTimeFormatOptions, dates: Date[]): string[] {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return dates.map((date) => format.format(date));
}

/** Intl month and day names of a language, in PrimeReact's shape. */
export function calendarNames(language: Language): Partial<LocaleOptions> {
  const locale = INTL[language];
  // 2023-01-01 was a Sunday: seven days from it, twelve months of 2023.
  const days = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2023, 0, 1 + i)));
  const months = Array.from({ length: 12 }, (_, i) => new Date(Date.UTC(2023, i, 1)));
  return {
    dayNames: names(locale, { weekday: 'long' }, days),
    dayNamesShort: names(locale, { weekday: 'short' }, days),
    dayNamesMin: names(locale, { weekday: 'narrow' }, days),
    monthNames: names(locale, { month: 'long' }, months),
    monthNamesShort: names(locale, { month: 'short' }, months),
    firstDayOfWeek: FIRST_DAY_OF_WEEK,
    dateFormat: CALENDAR_DATE_FORMAT,
  };
}

/** The Calendar `locale` for the console language, registered on first use. */
export function calendarLocale(language: string, words: { today: string; clear: string }): Language {
  const lng = normalizeLanguage(language) ?? 'en';
  if (!registered.has(lng)) {
    addLocale(lng, { ...calendarNames(lng), today: words.today, clear: words.clear });
    registered.add(lng);
  }
  return lng;
}
