import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useT } from '@bastion/sdk';
import { InlineResult } from './InlineResult';
import { useTestCall } from './useTestCall';

/**
 * The Email tab's test (docs/mail.md#the-test): sends a mail with the saved settings and shows the server's
 * answer or what went wrong, under the form (the call suppresses the automatic error popup).
 */
export default function MailTestPanel({ values }: { values: Record<string, unknown> }) {
  const t = useT();
  const [to, setTo] = useState(typeof values.EMAIL_RECIPIENT === 'string' ? values.EMAIL_RECIPIENT : '');
  const test = useTestCall('/api/v1/settings/mail/testing/', t('mail.testFailed'));

  return (
    <fieldset className="border-none p-0 m-0 flex flex-column gap-2" data-testid="mail-test">
      <legend className="text-lg font-semibold mb-2">{t('mail.testTitle')}</legend>
      <small className="text-color-secondary">{t('mail.testHelp')}</small>
      <div className="flex flex-wrap gap-2 align-items-center">
        <InputText
          aria-label={t('mail.recipient')}
          placeholder={t('mail.recipient')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          data-testid="mail-test-recipient"
          className="w-20rem"
        />
        <Button
          type="button"
          label={t('mail.sendTest')}
          icon="pi pi-send"
          loading={test.running}
          onClick={() => void test.run({ EMAIL_RECIPIENT: to })}
          data-testid="mail-test-send"
        />
      </div>
      <InlineResult outcome={test.result} testId="mail-test-result" />
    </fieldset>
  );
}
