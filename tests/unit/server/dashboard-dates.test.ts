// The calendar arithmetic behind the dashboards (docs/dashboard.md): local midnights across DST changes, the
// day labels, and the top lists' date and "time since" texts.
import { describe, expect, it } from 'vitest';
import { pythonDateTime, timeSince } from '../../../server/src/dashboard/wire-format';
import { monthDay, startOfLocalDay } from '../../../server/src/http/datetime';

describe('startOfLocalDay', () => {
  it('is midnight of the same calendar day in the zone', () => {
    const at = Date.parse('2026-11-24T09:31:00Z');
    expect(startOfLocalDay(at)).toBe(Date.parse('2026-11-24T00:00:00Z'));
    // 09:31 UTC is 17:31 in Shanghai: its day began at 16:00 UTC the day before.
    expect(startOfLocalDay(at, 'Asia/Shanghai')).toBe(Date.parse('2026-11-23T16:00:00Z'));
    // Pacific/Kiritimati is UTC+14: 09:31 UTC is 23:31 there, on a day that began at 10:00 UTC.
    expect(startOfLocalDay(at, 'Pacific/Kiritimati')).toBe(Date.parse('2026-11-23T10:00:00Z'));
    expect(startOfLocalDay(Date.parse('2026-11-24T03:00:00Z'), 'America/New_York')).toBe(
      Date.parse('2026-11-23T05:00:00Z'),
    );
  });

  it('finds the midnight of a day that began before a DST change', () => {
    // Berlin switched to summer time at 01:00 UTC on 29 March 2026; that day began at 23:00 UTC on the 28th.
    expect(startOfLocalDay(Date.parse('2026-03-29T12:00:00Z'), 'Europe/Berlin')).toBe(
      Date.parse('2026-03-28T23:00:00Z'),
    );
    // The day after began at 22:00 UTC (summer time).
    expect(startOfLocalDay(Date.parse('2026-03-30T12:00:00Z'), 'Europe/Berlin')).toBe(
      Date.parse('2026-03-29T22:00:00Z'),
    );
  });
});

describe('day labels and dates of the top lists', () => {
  it('labels a day MM-DD in the zone', () => {
    expect(monthDay(Date.parse('2026-11-23T16:00:00Z'), 'Asia/Shanghai')).toBe('11-24');
    expect(monthDay(Date.parse('2026-11-23T16:00:00Z'))).toBe('11-23');
  });

  it('writes dates as Python does and says how long ago in the language', () => {
    expect(pythonDateTime(Date.parse('2026-11-24T09:31:22.123Z'))).toBe('2026-11-24 09:31:22.123000+00:00');
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(timeSince(now - 3 * 3_600_000 - 60_000, now, 'en')).toBe('3 hours');
    expect(timeSince(now - 20_000, now, 'en')).toBe('0 minutes');
    expect(timeSince(now - 2 * 86_400_000, now, 'zh')).toBe('2天');
  });
});
