import { useState } from 'react';
import { Button } from 'primereact/button';
import { Http, isHttpError, useService, useT } from '@bastion/sdk';
import { InlineResult, type Outcome } from './InlineResult';
import type { PanelProps } from './SettingsForm';

type Answer = { msg?: string; error?: string };

/**
 * The Test button of an IM source or SMS provider (docs/auth-im-sms.md#the-test-buttons): the server calls
 * the provider with the values being edited (a blank secret means the saved one) and answers the provider's
 * or the network's own words, shown under the form.
 */
export default function ProviderTestPanel({ values, category }: PanelProps) {
  const t = useT();
  const http = useService(Http);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<Outcome>(null);

  const run = async () => {
    setTesting(true);
    setResult(null);
    try {
      const answer = await http.post<Answer>(`/api/v1/settings/${category}/testing/`, values, {
        silent: true,
      });
      setResult({ ok: true, text: answer.msg ?? '' });
    } catch (error) {
      const data = isHttpError(error) ? (error.data as Answer | null) : null;
      setResult({ ok: false, text: data?.error ?? t('form.failed') });
    } finally {
      setTesting(false);
    }
  };

  return (
    <div className="flex flex-column gap-2" data-testid={`provider-test-${category}`}>
      <div>
        <Button
          type="button"
          label={t('providerTest.test')}
          icon="pi pi-bolt"
          severity="secondary"
          loading={testing}
          onClick={() => void run()}
          data-testid={`provider-test-button-${category}`}
        />
      </div>
      <InlineResult outcome={result} testId={`provider-test-result-${category}`} />
    </div>
  );
}
