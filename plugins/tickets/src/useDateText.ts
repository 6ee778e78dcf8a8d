import { useCallback } from 'react';
import { I18n, formatDate, parseServerDate, useService } from '@bastion/sdk';

/**
 * Server dates as the user's language writes them (medium style); a value that is not a date is shown as
 * sent, nothing as an empty string, so a card never hides what the server said.
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
