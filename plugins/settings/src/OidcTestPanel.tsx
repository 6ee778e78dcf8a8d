import { useState } from 'react';
import { Button } from 'primereact/button';
import { Http, useService, useT } from '@bastion/sdk';
import { InlineResult, type Outcome } from './InlineResult';
import { readAnswer, readFailure } from './ldapAnswers';

const TEST_URL = '/api/v1/settings/oidc/testing/';
const TESTED = [
  'AUTH_OPENID_KEYCLOAK',
  'AUTH_OPENID_SERVER_URL',
  'AUTH_OPENID_REALM_NAME',
  'AUTH_OPENID_PROVIDER_ENDPOINT',
];

/**
 * The OIDC tab's test (docs/auth-sources.md#openid-connect): fetches the provider's discovery document with
 * the typed endpoint and shows what the provider answered, or exactly why it could not be read.
 */
export default function OidcTestPanel({ values }: { values: Record<string, unknown> }) {
  const t = useT();
  const http = useService(Http);
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const test = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      const body = Object.fromEntries(TESTED.map((name) => [name, values[name]]));
      setOutcome({ ok: true, text: readAnswer(await http.post(TEST_URL, body, { silent: true })).text });
    } catch (error) {
      setOutcome({ ok: false, text: readFailure(error, t('ldap.noAnswer')).text });
    } finally {
      setTesting(false);
    }
  };

  return (
    <section className="flex flex-column gap-2 align-items-start">
      <Button
        type="button"
        label={t('auth.testOidc')}
        severity="secondary"
        loading={testing}
        onClick={() => void test()}
        data-testid="oidc-test"
      />
      <InlineResult outcome={outcome} testId="oidc-test-result" />
    </section>
  );
}
