import { useCallback } from 'react';
import { I18n } from '../tokens';
import { parseServerDate } from '../rules/banners';
import { formatDate } from '../rules/formats';
import { useService } from './hooks';

/**
 * Server dates in the user's language (medium style, docs/shell.md#languages-and-dates); a value that is not
 * a date is shown as sent.
 */
export function useDateText(): (value: unknown) => string {
  const language = useService(I18n).language;
  return useCallback(
    (value: unknown) => {
      const d = parseServerDate(value);
      if (!d) return value === null || value === undefined ? '' : String(value);
      return formatDate(d, language, 'medium');
    },
    [language],
  );
}
