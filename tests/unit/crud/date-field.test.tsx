// Date and date-time fields are PrimeReact Calendars in the console's language (docs/crud.md#dates), never
// the browser's native pickers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18n, ServiceLocatorContext } from '@bastion/sdk';
import { FormFields } from '../../../sdk/src/crud/ui/FormFields';
import { calendarNames } from '../../../sdk/src/crud/calendarLocale';
import { fromPickerDate } from '../../../sdk/src/crud/ui/DateField';
import type { FormGroup } from '../../../sdk/src/crud/formFields';
import { fakeLocator, testI18n } from '../host/fakes';

afterEach(cleanup);

const groups = (widget: 'date' | 'datetime'): FormGroup[] => [
  {
    fields: [
      { name: 'date_expired', label: 'Expires', widget, required: false, readOnly: false, trigger: 'change' },
    ],
  },
];

function renderField(widget: 'date' | 'datetime', language: string, value: unknown, onChange = vi.fn()) {
  const locator = fakeLocator(new Map([[I18n, { instance: testI18n(), language }]]));
  render(
    <ServiceLocatorContext.Provider value={locator}>
      <FormFields
        groups={groups(widget)}
        values={{ date_expired: value }}
        errors={{}}
        onChange={onChange}
        onBlur={() => undefined}
        translate={(key) => key}
      />
    </ServiceLocatorContext.Provider>,
  );
  return onChange;
}

describe('date fields', () => {
  it('render a Calendar, not a native date or datetime-local input', () => {
    renderField('datetime', 'en', '2030-05-06T07:08:00Z');
    const field = screen.getByTestId('field-date_expired');
    expect(field.querySelector('.p-calendar')).not.toBeNull();
    expect(document.querySelector('input[type="datetime-local"], input[type="date"]')).toBeNull();
    expect((field.querySelector('input') as HTMLInputElement).value).toMatch(/^2030-05-0[67] \d\d:08$/);
  });

  it('open in the user’s language', async () => {
    renderField('date', 'zh', '2030-05-06');
    const input = screen.getByTestId('field-date_expired').querySelector('input') as HTMLInputElement;
    expect(input.value).toBe('2030-05-06');
    fireEvent.focus(input);
    fireEvent.click(input);
    await waitFor(() => expect(document.querySelector('.p-datepicker-month')?.textContent).toBe('五月'));
    // The button bar's words are the kit's translations (this test's i18n instance is English).
    expect(document.body.textContent).toContain('Today');
  });

  it('name months and days from Intl in each language and write the value the server reads', () => {
    expect(calendarNames('ja').monthNames?.[0]).toBe('1月');
    expect(calendarNames('zh').dayNamesMin?.[0]).toBe('日');
    expect(calendarNames('en').dayNames?.[1]).toBe('Monday');
    const picked = new Date(2030, 4, 6, 7, 8);
    expect(fromPickerDate(picked, false)).toBe('2030-05-06');
    expect(fromPickerDate(picked, true)).toBe(picked.toISOString());
    expect(fromPickerDate(null, true)).toBeNull();
  });
});
