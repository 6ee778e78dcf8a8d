import { describe, expect, it } from 'vitest';
import { licenseBanner, parseServerDate, passwordBanner } from './banners';

const DAY = 86_400_000;
const now = Date.UTC(2024, 4, 10, 12, 0, 0);

describe('parseServerDate', () => {
  it('reads the core format with its offset, and ISO', () => {
    expect(parseServerDate('2024/05/10 20:00:00 +0800')?.getTime()).toBe(now);
    expect(parseServerDate('2024-05-10T12:00:00Z')?.getTime()).toBe(now);
    expect(parseServerDate('')).toBeNull();
    expect(parseServerDate(null)).toBeNull();
    expect(parseServerDate('not a date')).toBeNull();
  });
});

describe('licence banner (docs/shell.md#the-page-frame: expired < 0 days, expiring < 7 days)', () => {
  it('is silent with 7 or more days left', () => {
    expect(licenseBanner(new Date(now + 7 * DAY).toISOString(), now)).toBeNull();
    expect(licenseBanner(new Date(now + 400 * DAY).toISOString(), now)).toBeNull();
  });
  it('warns under 7 days, including the last day', () => {
    expect(licenseBanner(new Date(now + 6 * DAY + 1000).toISOString(), now)).toEqual({
      kind: 'expiring',
      days: 6,
    });
    expect(licenseBanner(new Date(now + 1000).toISOString(), now)).toEqual({ kind: 'expiring', days: 0 });
  });
  it('is expired once the date passed', () => {
    expect(licenseBanner(new Date(now - 1000).toISOString(), now)).toEqual({ kind: 'expired', days: 1 });
    expect(licenseBanner(new Date(now - 3 * DAY).toISOString(), now)).toEqual({ kind: 'expired', days: 3 });
  });
  it('ignores a missing date (no licence)', () => {
    expect(licenseBanner(null, now)).toBeNull();
  });
});

describe('password banner (docs/shell.md#the-page-frame: expired at or above the limit, expiring at ≤ 5 days)', () => {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY - 1000).toISOString();
  const banner = (daysAgo: number, source: unknown = 'local', limitDays: unknown = 90) =>
    passwordBanner({ source, lastUpdated: at(daysAgo), limitDays, now });
  it('only local users see it', () => {
    expect(banner(100, 'ldap')).toBeNull();
    expect(banner(100, { value: 'local', label: 'Local' })).toEqual({ kind: 'expired', days: 10 });
  });
  it('expired at or above the limit', () => {
    expect(banner(90)).toEqual({ kind: 'expired', days: 0 });
    expect(banner(91)).toEqual({ kind: 'expired', days: 1 });
  });
  it('expiring with 5 days or fewer left, silent with 6', () => {
    expect(banner(85)).toEqual({ kind: 'expiring', days: 5 });
    expect(banner(89)).toEqual({ kind: 'expiring', days: 1 });
    expect(banner(84)).toBeNull();
    expect(banner(0, 'local', 9999)).toBeNull();
  });
  it('is silent without a date or limit', () => {
    expect(passwordBanner({ source: 'local', lastUpdated: null, limitDays: 90, now })).toBeNull();
    expect(passwordBanner({ source: 'local', lastUpdated: at(1), limitDays: undefined, now })).toBeNull();
  });
});
