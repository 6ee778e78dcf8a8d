import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useProfile, useT } from '@bastion/sdk';
import { MfaForm } from './MfaForm';
import { PasswordChangeForm } from './PasswordChangeForm';
import { useProfileSave } from './useProfileSave';

const PROFILE_URL = '/api/v1/users/profile/';

interface FirstLoginProfile {
  need_update_password?: boolean;
  mfa_force_enabled?: boolean;
  is_otp_secret_key_bound?: boolean;
  phone?: string | null;
  wechat?: string;
}

/**
 * The first-login page (docs/profile.md#first-login): the shell leads a user whose `is_first_login` is set
 * here. What the policy demands comes first — a new password when an administrator asked for one, an
 * authenticator when MFA is forced on the user — then the optional contact details; "Finish" saves them and
 * clears the flag, and the console opens as usual.
 */
export default function ImprovementPage() {
  const t = useT();
  const profile = (useProfile() ?? {}) as FirstLoginProfile;
  const passwordDue = profile.need_update_password === true;
  const mfaDue = profile.mfa_force_enabled === true && profile.is_otp_secret_key_bound !== true;
  const [passwordDone, setPasswordDone] = useState(!passwordDue);
  const [mfaDone, setMfaDone] = useState(!mfaDue);
  const [phone, setPhone] = useState(profile.phone ?? '');
  const [wechat, setWechat] = useState(profile.wechat ?? '');
  const { save, errors, formError, saving } = useProfileSave(t('improvement.failed'));
  const ready = passwordDone && mfaDone;

  const finish = async () => {
    const body = {
      phone: phone.trim() === '' ? null : phone.trim(),
      wechat: wechat.trim(),
      is_first_login: false,
    };
    if ((await save('patch', PROFILE_URL, body)) === null) return;
    // A fresh console: its profile no longer carries the flag.
    window.location.assign('/ui/');
  };

  const step = (done: boolean, text: string, testId: string) => (
    <li data-testid={testId} data-done={done}>
      <i className={`pi ${done ? 'pi-check-circle text-green-600' : 'pi-circle'} mr-2`} aria-hidden="true" />
      {text}
    </li>
  );

  return (
    <div
      className="profile-plugin flex flex-column gap-5"
      style={{ maxWidth: '48rem' }}
      data-testid="improvement-page"
    >
      <div className="flex flex-column gap-2">
        <h2 className="m-0">{t('improvement.title')}</h2>
        <p className="m-0 text-color-secondary">{t('improvement.intro')}</p>
        {passwordDue || mfaDue ? (
          <ul className="m-0 pl-3 list-none flex flex-column gap-1">
            {passwordDue
              ? step(passwordDone, t('improvement.stepPassword'), 'improvement-step-password')
              : null}
            {mfaDue ? step(mfaDone, t('improvement.stepMfa'), 'improvement-step-mfa') : null}
          </ul>
        ) : null}
      </div>
      {passwordDue ? <PasswordChangeForm onChanged={() => setPasswordDone(true)} /> : null}
      {mfaDue ? <MfaForm onBoundChange={setMfaDone} /> : null}
      <form
        className="flex flex-column gap-3"
        data-testid="improvement-form"
        onSubmit={(e) => {
          e.preventDefault();
          void finish();
        }}
      >
        <h3 className="m-0">{t('improvement.contact')}</h3>
        {(['phone', 'wechat'] as const).map((name) => (
          <div key={name} className="flex flex-column gap-1">
            <label htmlFor={`improvement-${name}`}>{t(`improvement.${name}`)}</label>
            <InputText
              id={`improvement-${name}`}
              value={name === 'phone' ? phone : wechat}
              onChange={(e) => (name === 'phone' ? setPhone : setWechat)(e.target.value)}
              className="w-full md:w-30rem"
            />
            {errors[name] ? (
              <small className="p-error" data-testid={`improvement-error-${name}`}>
                {errors[name]}
              </small>
            ) : null}
          </div>
        ))}
        {formError ? <div className="p-inline-message p-inline-message-error">{formError}</div> : null}
        {!ready ? (
          <small className="text-color-secondary" data-testid="improvement-pending">
            {t('improvement.pending')}
          </small>
        ) : null}
        <div>
          <Button
            type="submit"
            label={t('improvement.finish')}
            disabled={!ready}
            loading={saving}
            data-testid="improvement-finish"
          />
        </div>
      </form>
    </div>
  );
}
