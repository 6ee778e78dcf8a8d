import { useState } from 'react';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { useT } from '@bastion/sdk';
import { useProfileSave } from './useProfileSave';

const PASSWORD_URL = '/api/v1/users/profile/password/';
const FIELDS = ['old_password', 'new_password', 'new_password_again'] as const;
type Field = (typeof FIELDS)[number];

/** A user's own password change: the old one, the new one twice; `onChanged` hears of a success. */
export function PasswordChangeForm({ onChanged }: { onChanged?: () => void }) {
  const t = useT();
  const empty = { old_password: '', new_password: '', new_password_again: '' };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const { save, errors, formError, saving, done, setDone } = useProfileSave(t('password.failed'));

  const submit = async () => {
    if ((await save('put', PASSWORD_URL, values)) === null) return;
    setValues(empty);
    onChanged?.();
  };

  return (
    <form
      className="flex flex-column gap-3"
      style={{ maxWidth: '40rem' }}
      data-testid="password-change-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="m-0">{t('password.title')}</h3>
      {FIELDS.map((name) => (
        <div key={name} className="flex flex-column gap-1">
          <label htmlFor={`password-${name}`}>{t(`password.${name}`)}</label>
          <Password
            inputId={`password-${name}`}
            data-testid={`password-${name}`}
            value={values[name]}
            onChange={(e) => {
              setValues({ ...values, [name]: e.target.value });
              setDone(false);
            }}
            feedback={false}
            toggleMask
            inputClassName="w-full"
            className="w-full"
          />
          {errors[name] ? (
            <small className="p-error" data-testid={`password-error-${name}`}>
              {errors[name]}
            </small>
          ) : null}
        </div>
      ))}
      {formError ? (
        <div className="p-inline-message p-inline-message-error" data-testid="password-form-error">
          {formError}
        </div>
      ) : null}
      <div className="flex align-items-center gap-3">
        <Button type="submit" label={t('password.submit')} loading={saving} data-testid="password-submit" />
        {done ? (
          <span className="text-green-600" role="status" data-testid="password-changed">
            <i className="pi pi-check mr-1" aria-hidden="true" />
            {t('password.changed')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
