// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../server/src/http/datetime';

/** The wire format computed the slow, obvious way: every field read from Intl for the instant. */
function reference(epochMs: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  });
  for (const part of formatter.formatToParts(new Date(epochMs))) parts[part.type] = part.value;
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '').replace(':', '') || '+0000';
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}

const ZONES = [
  'UTC',
  'Asia/Shanghai',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Europe/London',
];

describe('datetime wire format', () => {
  it('matches Intl for every zone, across DST transitions and at odd offsets', () => {
    const instants = [
      Date.UTC(2022, 4, 7, 9, 56, 33, 999),
      Date.UTC(2024, 2, 10, 6, 59, 59), // New York: last second before the spring change
      Date.UTC(2024, 2, 10, 7, 0, 0),
      Date.UTC(2024, 10, 3, 5, 30, 0),
      Date.UTC(2024, 9, 5, 15, 29, 59), // Lord Howe's half-hour change
      Date.UTC(2024, 9, 5, 15, 30, 0),
      Date.UTC(1999, 11, 31, 23, 59, 59),
    ];
    // And a spread of pseudo-random instants over 40 years.
    for (let i = 0; i < 300; i += 1) instants.push(946684800000 + ((i * 2654435761) % 1_262_304_000) * 1000);
    for (const zone of ZONES)
      for (const t of instants) expect(formatDateTime(t, zone)).toBe(reference(t, zone));
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(formatDateTime(Date.UTC(2022, 4, 7, 9, 56, 33), 'Not/AZone')).toBe('2022/05/07 09:56:33 +0000');
  });
});
