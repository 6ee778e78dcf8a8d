import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useT } from '@bastion/sdk';
import { InlineResult } from './InlineResult';
import { useTestCall } from './useTestCall';

const TEST_URL = '/api/v1/settings/radius/testing/';

/** The server fields the test takes from the form: the typed values, a blank secret meaning the saved one. */
const TESTED = ['RADIUS_SERVER', 'RADIUS_PORT', 'RADIUS_SECRET'];

/**
 * The RADIUS test under the RADIUS form (docs/auth-radius-saml.md#radius): one real Access-Request for the
 * username and password typed here, to the server typed above; the answer (accepted, refused, no answer) is
 * shown here in the user's language, without the automatic error popup.
 */
export default function RadiusPanel({ values }: { values: Record<string, unknown> }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const test = useTestCall(t('ldap.noAnswer'));
  const typed = () => Object.fromEntries(TESTED.map((name) => [name, values[name]]));

  return (
    <fieldset className="border-none p-0 m-0 flex flex-column gap-2" data-testid="radius-tools">
      <legend className="text-lg font-semibold mb-2">{t('radius.test')}</legend>
      <small className="text-color-secondary">{t('radius.testHelp')}</small>
      <div className="flex flex-wrap align-items-end gap-2">
        <span className="flex flex-column gap-1">
          <label htmlFor="radius-test-username">{t('ldap.username')}</label>
          <InputText
            id="radius-test-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
          />
        </span>
        <span className="flex flex-column gap-1">
          <label htmlFor="radius-test-password">{t('ldap.password')}</label>
          <Password
            inputId="radius-test-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
            autoComplete="new-password"
          />
        </span>
        <Button
          type="button"
          label={t('ldap.test')}
          icon="pi pi-send"
          loading={test.busy}
          disabled={username.trim() === '' || password === ''}
          onClick={() => void test.run(TEST_URL, { ...typed(), username, password })}
          data-testid="radius-test-submit"
        />
      </div>
      <InlineResult outcome={test.outcome} testId="radius-test-result" />
    </fieldset>
  );
}
