import type { RequestContext, ResourceAccess } from '../../engine/declaration';
import { unscopedContext } from './internal-context';

/** `YYYYMMDD` of the server's local date (docs/tickets.md#words: creation date, server time zone). */
export function serialDay(now: Date): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(now.getFullYear(), 4)}${pad(now.getMonth() + 1, 2)}${pad(now.getDate(), 2)}`;
}

/**
 * The next `serial_num` of the day: `YYYYMMDD` plus a 4-digit daily counter (`202205070001`), one past the
 * highest of the day. The caller reads and writes it in one transaction holding the serial lock (see
 * ticket-open.ts), so two tickets opened at once — on any instance — cannot both take a number (and
 * serial_num is unique in storage besides).
 */
export async function nextSerial(
  tickets: ResourceAccess,
  ctx: RequestContext,
  now: Date,
): Promise<{ day: string; serial: string }> {
  const day = serialDay(now);
  let highest = 0;
  for (const row of await tickets.find(
    { field: 'serial_date', op: 'eq', value: day },
    unscopedContext(ctx),
  )) {
    const counter = Number(String(row.serial_num ?? '').slice(day.length));
    if (Number.isSafeInteger(counter) && counter > highest) highest = counter;
  }
  return { day, serial: `${day}${String(highest + 1).padStart(4, '0')}` };
}
