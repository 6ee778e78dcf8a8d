export interface DateRangeValue {
  from: string;
  to: string;
}

function validDate(d: Date | null | undefined): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

/**
 * A picked range as `date_from`/`date_to` (docs/crud.md#search): only when both ends are valid; the start day
 * begins at 00:00:01 and the end day ends at 23:59:59.
 */
export function emitDateRange(
  start: Date | null | undefined,
  end: Date | null | undefined,
): DateRangeValue | null {
  if (!validDate(start) || !validDate(end)) return null;
  const from = new Date(start);
  from.setHours(0, 0, 1, 0);
  const to = new Date(end);
  to.setHours(23, 59, 59, 0);
  if (from > to) return null;
  return { from: from.toISOString(), to: to.toISOString() };
}

/** Shortcuts: the last 24 hours (exact), or the last 7 / 30 / 90 days (whole days). */
export function dateRangeShortcut(span: 'day' | number, now: Date): DateRangeValue {
  if (span === 'day') {
    return { from: new Date(now.getTime() - 24 * 3600 * 1000).toISOString(), to: now.toISOString() };
  }
  const start = new Date(now.getTime() - span * 24 * 3600 * 1000);
  return emitDateRange(start, now)!;
}
