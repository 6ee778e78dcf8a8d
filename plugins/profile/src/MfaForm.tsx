import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Http, useProfile, useService, useT } from '@bastion/sdk';
import { useProfileSave } from './useProfileSave';

const START_URL = '/api/v1/users/profile/mfa/enable/start/';
const ENABLE_URL = '/api/v1/users/profile/mfa/enable/';
const DISABLE_URL = '/api/v1/users/profile/mfa/disable/';

interface Enrolment {
  secret: string;
  qr_code: string;
  token: string;
}

/**
 * The user's authenticator (docs/profile.md#mfa): enrol by scanning the QR code (or typing the secret) and
 * confirming with a code; disable with a code.
 */
export function MfaForm({ onBoundChange }: { onBoundChange?: (bound: boolean) => void }) {
  const t = useT();
  const http = useService(Http);
  const profile = useProfile() as { is_otp_secret_key_bound?: boolean } | null;
  const [bound, setBound] = useState(profile?.is_otp_secret_key_bound === true);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const { save, errors, formError, saving, done } = useProfileSave(t('mfa.failed'));

  const start = async () => {
    try {
      setEnrolment(await http.post<Enrolment>(START_URL));
    } catch {
      // The host shows the server's message.
    }
  };
  const confirm = async () => {
    const url = bound ? DISABLE_URL : ENABLE_URL;
    const body = bound ? { code } : { code, token: enrolment?.token };
    if ((await save('post', url, body)) === null) return;
    setBound(!bound);
    onBoundChange?.(!bound);
    setEnrolment(null);
    setCode('');
  };

  const codeField = (
    <div className="flex flex-column gap-1">
      <label htmlFor="mfa-code">{t('mfa.code')}</label>
      <InputText
        id="mfa-code"
        data-testid="mfa-code"
        value={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="w-12rem"
        onChange={(e) => setCode(e.target.value)}
      />
      {errors.code ? (
        <small className="p-error" data-testid="mfa-error">
          {errors.code}
        </small>
      ) : null}
    </div>
  );

  return (
    <form
      className="flex flex-column gap-3"
      style={{ maxWidth: '40rem' }}
      data-testid="mfa-form"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <h3 className="m-0">{t('mfa.title')}</h3>
      <p className="m-0" data-testid="mfa-state">
        {bound ? t('mfa.bound') : t('mfa.unbound')}
      </p>
      {!bound && !enrolment ? (
        <div>
          <Button
            type="button"
            label={t('mfa.enable')}
            data-testid="mfa-enable"
            onClick={() => void start()}
          />
        </div>
      ) : null}
      {!bound && enrolment ? (
        <>
          <p className="m-0 text-color-secondary">{t('mfa.scan')}</p>
          <img src={enrolment.qr_code} alt={t('mfa.qrAlt')} width={180} height={180} data-testid="mfa-qr" />
          <div>
            {t('mfa.secret')}: <code data-testid="mfa-secret">{enrolment.secret}</code>
          </div>
          {codeField}
          <div>
            <Button type="submit" label={t('mfa.confirm')} loading={saving} data-testid="mfa-confirm" />
          </div>
        </>
      ) : null}
      {bound ? (
        <>
          {codeField}
          <div>
            <Button
              type="submit"
              label={t('mfa.disable')}
              severity="danger"
              outlined
              loading={saving}
              data-testid="mfa-disable"
            />
          </div>
        </>
      ) : null}
      {formError ? <div className="p-inline-message p-inline-message-error">{formError}</div> : null}
      {done ? (
        <span className="text-green-600" role="status" data-testid="mfa-saved">
          <i className="pi pi-check mr-1" aria-hidden="true" />
          {t('mfa.saved')}
        </span>
      ) : null}
    </form>
  );
}
