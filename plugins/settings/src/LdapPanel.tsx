import { lazy, Suspense, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useT } from '@bastion/sdk';
import { InlineResult } from './InlineResult';
import { useTestCall } from './useTestCall';

const LdapImportDialog = lazy(() => import('./LdapImportDialog'));

const TEST_CONFIG_URL = '/api/v1/settings/ldap/testing/config/';
const TEST_LOGIN_URL = '/api/v1/settings/ldap/testing/login/';

/** The fields the connection test takes from the form (docs/ldap.md#tests), the typed values, not the saved ones. */
const TESTED = [
  'AUTH_LDAP',
  'AUTH_LDAP_SERVER_URI',
  'AUTH_LDAP_START_TLS',
  'AUTH_LDAP_BIND_DN',
  'AUTH_LDAP_BIND_PASSWORD',
  'AUTH_LDAP_SEARCH_OU',
  'AUTH_LDAP_SEARCH_FILTER',
  'AUTH_LDAP_USER_ATTR_MAP',
  'AUTH_LDAP_CONNECT_TIMEOUT',
];

/**
 * The LDAP tools under the LDAP form (docs/ldap.md): test the typed connection, test one user's login, and
 * open the directory's user list to import users. Each call suppresses the automatic error popup and shows
 * the server's answer — the directory's own words — here.
 */
export default function LdapPanel({ values }: { values: Record<string, unknown> }) {
  const t = useT();
  const config = useTestCall(t('ldap.noAnswer'));
  const login = useTestCall(t('ldap.noAnswer'));
  const [loginOpen, setLoginOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [importOpen, setImportOpen] = useState(false);

  const testConfig = () =>
    config.run(TEST_CONFIG_URL, Object.fromEntries(TESTED.map((name) => [name, values[name]])));
  const testLogin = () => login.run(TEST_LOGIN_URL, { username, password });

  return (
    <fieldset className="border-none p-0 m-0 flex flex-column gap-2" data-testid="ldap-tools">
      <legend className="text-lg font-semibold mb-2">{t('ldap.tools')}</legend>
      <small className="text-color-secondary">{t('ldap.toolsHelp')}</small>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          label={t('ldap.testConfig')}
          icon="pi pi-link"
          loading={config.busy}
          onClick={() => void testConfig()}
          data-testid="ldap-test-config"
        />
        <Button
          type="button"
          label={t('ldap.testLogin')}
          icon="pi pi-user"
          severity="secondary"
          onClick={() => {
            login.reset();
            setLoginOpen(true);
          }}
          data-testid="ldap-test-login"
        />
        <Button
          type="button"
          label={t('ldap.importUsers')}
          icon="pi pi-download"
          severity="secondary"
          onClick={() => setImportOpen(true)}
          data-testid="ldap-import-open"
        />
      </div>
      <InlineResult outcome={config.outcome} testId="ldap-test-config-result" />

      <Dialog
        header={t('ldap.testLogin')}
        visible={loginOpen}
        onHide={() => setLoginOpen(false)}
        style={{ width: 'min(32rem, 95vw)' }}
        data-testid="ldap-login-dialog"
      >
        <form
          className="flex flex-column gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            void testLogin();
          }}
        >
          <small className="text-color-secondary">{t('ldap.testLoginHelp')}</small>
          <label htmlFor="ldap-login-username">{t('ldap.username')}</label>
          <InputText
            id="ldap-login-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
          />
          <label htmlFor="ldap-login-password">{t('ldap.password')}</label>
          <Password
            inputId="ldap-login-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            feedback={false}
            toggleMask
            className="w-full"
            inputClassName="w-full"
            autoComplete="new-password"
          />
          <InlineResult outcome={login.outcome} testId="ldap-test-login-result" />
          <div className="flex justify-content-end">
            <Button
              type="submit"
              label={t('ldap.test')}
              loading={login.busy}
              disabled={username.trim() === '' || password === ''}
              data-testid="ldap-test-login-submit"
            />
          </div>
        </form>
      </Dialog>

      {importOpen ? (
        <Suspense fallback={null}>
          <LdapImportDialog onHide={() => setImportOpen(false)} />
        </Suspense>
      ) : null}
    </fieldset>
  );
}
