import type { Language } from '../engine/declaration';

/**
 * The dashboard's dates as v2.21 writes them in its top lists: Python's `str()` of an aware UTC datetime,
 * `2026-11-24 09:31:22.123000+00:00` (docs/dashboard.md).
 */
export function pythonDateTime(epochMs: number): string {
  const iso = new Date(epochMs).toISOString(); // 2026-11-24T09:31:22.123Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000+00:00`;
}

const UNITS: ReadonlyArray<[Intl.NumberFormatOptions['unit'], number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US', ja: 'ja-JP' };

/** How long ago, in the largest unit that fits ("3 hours"), as v2.21's `timesince`; under a minute: "0 minutes". */
export function timeSince(epochMs: number, now: number, language: Language): string {
  const elapsed = Math.max(0, now - epochMs);
  const [unit, size] = UNITS.find(([, ms]) => elapsed >= ms) ?? ['minute', 60_000];
  return new Intl.NumberFormat(LOCALES[language], { style: 'unit', unit, unitDisplay: 'long' }).format(
    Math.floor(elapsed / size),
  );
}
