import { Calendar } from 'primereact/calendar';
import { calendarLocale, CALENDAR_DATE_FORMAT } from '../calendarLocale';
import { useCrudT } from '../i18n';
import { parseServerDate } from './cells';
import { useKit } from './kit';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A server date or date-time → the picker's Date (null when empty or unreadable). */
export function toPickerDate(value: unknown): Date | null {
  return parseServerDate(value) ?? null;
}

/**
 * The picker's Date → the form value: a date-time as ISO-8601 (the browser's zone, accepted by the server,
 * docs/http.md#lists), a date as `YYYY-MM-DD` of the day picked.
 */
export function fromPickerDate(date: Date | null | undefined, withTime: boolean): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  if (withTime) return date.toISOString();
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DateFieldProps {
  id: string;
  value: unknown;
  withTime: boolean;
  disabled?: boolean;
  invalid?: boolean;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  testId?: string;
}

/**
 * A date or date-time field of a form (docs/crud.md#dates): PrimeReact's Calendar in the console's language
 * (month and day names, its Today/Clear buttons), 24-hour time, dates written year-month-day; typing a date
 * works as well as picking one.
 */
export function DateField({
  id,
  value,
  withTime,
  disabled,
  invalid,
  onChange,
  onBlur,
  testId,
}: DateFieldProps) {
  const { language } = useKit();
  const t = useCrudT();
  const locale = calendarLocale(language, { today: t('date.today'), clear: t('date.clear') });
  return (
    <span className="inline-flex" data-testid={testId}>
      <Calendar
        inputId={id}
        value={toPickerDate(value)}
        locale={locale}
        dateFormat={CALENDAR_DATE_FORMAT}
        showTime={withTime}
        hourFormat="24"
        showIcon
        showButtonBar
        disabled={disabled}
        invalid={invalid}
        onChange={(e) => onChange(fromPickerDate(e.value as Date | null, withTime))}
        onBlur={onBlur}
      />
    </span>
  );
}

export default DateField;
