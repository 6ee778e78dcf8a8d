import { describe, expect, it } from 'vitest';
import { badgeText, formatDate, formatDuration, formatRelativeDate } from './formats';

const date = new Date(Date.UTC(2024, 4, 7, 15, 4, 5));

describe('date formats per language (docs/shell.md#languages-and-dates)', () => {
  it('short, medium (24 h) and long in zh, en and ja', () => {
    expect(formatDate(date, 'en', 'short', 'UTC')).toBe('05/07/2024');
    expect(formatDate(date, 'en', 'medium', 'UTC')).toBe('05/07/2024, 15:04:05');
    expect(formatDate(date, 'zh', 'medium', 'UTC')).toBe('2024/05/07 15:04:05');
    expect(formatDate(date, 'ja', 'medium', 'UTC')).toBe('2024/05/07 15:04:05');
    expect(formatDate(date, 'en', 'long', 'UTC')).toContain('Tuesday, May 7, 2024');
    expect(formatDate(date, 'zh', 'long', 'UTC')).toContain('2024年5月7日');
    expect(formatDate(date, 'ja', 'long', 'UTC')).toContain('2024年5月7日');
  });
  it('relative within 7 days, absolute after', () => {
    const now = date.getTime();
    expect(formatRelativeDate(new Date(now - 3 * 60_000), now, 'en')).toBe('3 minutes ago');
    expect(formatRelativeDate(new Date(now - 2 * 86_400_000), now, 'en')).toBe('2 days ago');
    expect(formatRelativeDate(new Date(now - 3 * 3600_000), now, 'zh')).toBe('3小时前');
    expect(formatRelativeDate(new Date(now - 8 * 86_400_000), now, 'en', 'UTC')).toBe('04/29/2024, 15:04:05');
  });
});

describe('durations in s/m/h/d with one decimal (docs/limits.md)', () => {
  it('picks the unit', () => {
    expect(formatDuration(42)).toBe('42.0 s');
    expect(formatDuration(90)).toBe('1.5 m');
    expect(formatDuration(5400)).toBe('1.5 h');
    expect(formatDuration(129_600)).toBe('1.5 d');
  });
});

describe('unread badge', () => {
  it('caps at 99 and hides zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(5)).toBe('5');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
