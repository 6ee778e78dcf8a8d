import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { Http, useService, useT } from '@bastion/sdk';
import { InlineResult, type Outcome } from './InlineResult';
import { readAnswer, readFailure } from './ldapAnswers';

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
  const http = useService(Http);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const test = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      const typed = Object.fromEntries(TESTED.map((name) => [name, values[name]]));
      const answer = await http.post(TEST_URL, { ...typed, username, password }, { silent: true });
      setOutcome({ ok: true, text: readAnswer(answer).text });
    } catch (error) {
      setOutcome({ ok: false, text: readFailure(error, t('ldap.noAnswer')).text });
    } finally {
      setTesting(false);
    }
  };

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
          loading={testing}
          disabled={username.trim() === '' || password === ''}
          onClick={() => void test()}
          data-testid="radius-test-submit"
        />
      </div>
      <InlineResult outcome={outcome} testId="radius-test-result" />
    </fieldset>
  );
}
