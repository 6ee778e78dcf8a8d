import { useState } from 'react';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { calendarLocale, CALENDAR_DATE_FORMAT } from '../calendarLocale';
import { useCrudT } from '../i18n';
import { useKit } from './kit';
import { dateRangeShortcut, emitDateRange, type DateRangeValue } from '../dateRange';

export interface DateRangeProps {
  from?: string;
  to?: string;
  onChange: (range: DateRangeValue) => void;
}

/**
 * Date range (docs/crud.md#search): changes are emitted only when both ends are valid; shortcuts 24 h / 7 /
 * 30 / 90 days.
 */
export function DateRange({ from, to, onChange }: DateRangeProps) {
  const t = useCrudT();
  const { language } = useKit();
  const [value, setValue] = useState<(Date | null)[] | null>(() =>
    from && to ? [new Date(from), new Date(to)] : null,
  );
  const shortcuts: [string, 'day' | 7 | 30 | 90][] = [
    ['date.last24h', 'day'],
    ['date.last7d', 7],
    ['date.last30d', 30],
    ['date.last90d', 90],
  ];
  return (
    <span className="inline-flex gap-1 align-items-center" data-testid="date-range">
      <Calendar
        value={value}
        selectionMode="range"
        readOnlyInput
        showTime={false}
        locale={calendarLocale(language, { today: t('date.today'), clear: t('date.clear') })}
        dateFormat={CALENDAR_DATE_FORMAT}
        onChange={(e) => {
          const v = (e.value as (Date | null)[] | null) ?? null;
          setValue(v);
          const range = emitDateRange(v?.[0] ?? null, v?.[1] ?? null);
          if (range) onChange(range);
        }}
        placeholder={t('date.placeholder')}
        style={{ width: '15rem' }}
      />
      {shortcuts.map(([key, span]) => (
        <Button
          key={key}
          type="button"
          size="small"
          text
          label={t(key)}
          onClick={() => {
            const range = dateRangeShortcut(span, new Date());
            setValue([new Date(range.from), new Date(range.to)]);
            onChange(range);
          }}
        />
      ))}
    </span>
  );
}

export default DateRange;
