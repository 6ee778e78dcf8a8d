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
  const test = useTestCall(`/api/v1/settings/${category}/testing/`, t('form.failed'));

  return (
    <div className="flex flex-column gap-2" data-testid={`provider-test-${category}`}>
      <div>
        <Button
          type="button"
          label={t('providerTest.test')}
          icon="pi pi-bolt"
          severity="secondary"
          loading={test.running}
          onClick={() => void test.run(values)}
          data-testid={`provider-test-button-${category}`}
        />
      </div>
      <InlineResult outcome={test.result} testId={`provider-test-result-${category}`} />
    </div>
  );
}
