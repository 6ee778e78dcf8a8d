import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Http, useService, useT } from '@bastion/sdk';
import { useProfileSave } from './useProfileSave';

const PUBLIC_KEY_URL = '/api/v1/users/profile/public-key/';

/** The user's SSH public key (docs/profile.md): paste one to set it, or remove it. */
export function PublicKeyForm() {
  const t = useT();
  const http = useService(Http);
  const [key, setKey] = useState('');
  const { save, errors, formError, saving, done, setDone } = useProfileSave(t('publicKey.failed'));

  useEffect(() => {
    let live = true;
    http.get<{ public_key: string }>(PUBLIC_KEY_URL).then(
      (answer) => live && setKey(answer.public_key),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);

  const put = async (value: string) => {
    const answer = await save<{ public_key: string }>('put', PUBLIC_KEY_URL, { public_key: value });
    if (answer) setKey(answer.public_key);
  };

  return (
    <form
      className="flex flex-column gap-3"
      style={{ maxWidth: '40rem' }}
      data-testid="public-key-form"
      onSubmit={(e) => {
        e.preventDefault();
        void put(key);
      }}
    >
      <h3 className="m-0">{t('publicKey.title')}</h3>
      <label htmlFor="profile-public-key">{t('publicKey.label')}</label>
      <InputTextarea
        id="profile-public-key"
        data-testid="public-key-input"
        value={key}
        rows={4}
        placeholder="ssh-ed25519 AAAA… user@host"
        onChange={(e) => {
          setKey(e.target.value);
          setDone(false);
        }}
      />
      {errors.public_key ? (
        <small className="p-error" data-testid="public-key-error">
          {errors.public_key}
        </small>
      ) : null}
      {formError ? <div className="p-inline-message p-inline-message-error">{formError}</div> : null}
      <div className="flex align-items-center gap-3 flex-wrap">
        <Button type="submit" label={t('publicKey.save')} loading={saving} data-testid="public-key-save" />
        <Button
          type="button"
          label={t('publicKey.remove')}
          severity="secondary"
          outlined
          disabled={saving}
          data-testid="public-key-remove"
          onClick={() => void put('')}
        />
        {done ? (
          <span className="text-green-600" role="status" data-testid="public-key-saved">
            <i className="pi pi-check mr-1" aria-hidden="true" />
            {t('publicKey.saved')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
