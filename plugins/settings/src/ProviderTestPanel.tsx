import { Button } from 'primereact/button';
import { useT } from '@bastion/sdk';
import { InlineResult } from './InlineResult';
import type { PanelProps } from './SettingsForm';
import { useTestCall } from './useTestCall';

/**
 * The Test button of an IM source or SMS provider (docs/auth-im-sms.md#the-test-buttons): the server calls
 * the provider with the values being edited (a blank secret means the saved one) and answers the provider's
 * or the network's own words, shown under the form.
 */
export default function ProviderTestPanel({ values, category }: PanelProps) {
  const t = useT();
  const test = useTestCall(t('form.failed'));

  return (
    <div className="flex flex-column gap-2" data-testid={`provider-test-${category}`}>
      <div>
        <Button
          type="button"
          label={t('providerTest.test')}
          icon="pi pi-bolt"
          severity="secondary"
          loading={test.busy}
          onClick={() => void test.run(`/api/v1/settings/${category}/testing/`, values)}
          data-testid={`provider-test-button-${category}`}
        />
      </div>
      <InlineResult outcome={test.outcome} testId={`provider-test-result-${category}`} />
    </div>
  );
}
