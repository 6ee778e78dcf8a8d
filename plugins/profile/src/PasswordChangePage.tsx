import { useState } from 'react';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { Http, isHttpError, mapServerErrors, useService, useT } from '@bastion/sdk';

const PASSWORD_URL = '/api/v1/users/profile/password/';
const FIELDS = ['old_password', 'new_password', 'new_password_again'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The profile's settings page: a user changes their own password with the old one (docs/auth.md); the
 * server checks the password rules of the security settings and answers each broken rule, shown under the
 * field. A refused change keeps what was typed.
 */
export default function PasswordChangePage() {
  const t = useT();
  const http = useService(Http);
  const empty = { old_password: '', new_password: '', new_password_again: '' };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  const submit = async () => {
    setSaving(true);
    setDone(false);
    try {
      await http.put(PASSWORD_URL, values, { silent: true });
      setValues(empty);
      setErrors({});
      setFormError(null);
      setDone(true);
    } catch (error) {
      const mapped = mapServerErrors(isHttpError(error) ? error.data : null);
      setErrors(mapped.fields);
      setFormError(mapped.form ?? (Object.keys(mapped.fields).length ? null : t('password.failed')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="profile-plugin flex flex-column gap-3"
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
