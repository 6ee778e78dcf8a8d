import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Http, isHttpError, mapServerErrors, useService, useT } from '@bastion/sdk';

/** The image slots of the interface settings, in the order of the form (docs/interface.md). */
const SLOTS = ['logo_index', 'logo_logout', 'login_image', 'favicon'] as const;
type Slot = (typeof SLOTS)[number];
type Values = { login_title: string } & Record<Slot, string>;

const SETTING_URL = '/api/v1/xpack/interface/setting';
const RESTORE_URL = '/api/v1/xpack/interface/restore';
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/x-icon,.ico';

/**
 * The interface page: the login title and the four images, sent together as one multipart PUT. A refused
 * save keeps the title typed and the files chosen, with each field's message under it.
 */
export default function InterfaceForm() {
  const t = useT();
  const http = useService(Http);
  const [values, setValues] = useState<Values | null>(null);
  const [title, setTitle] = useState('');
  const [files, setFiles] = useState<Partial<Record<Slot, File>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const show = (data: Values) => {
    setValues(data);
    setTitle(data.login_title);
    setFiles({});
    setErrors({});
    setFormError(null);
  };

  useEffect(() => {
    let live = true;
    http.get<Values>(SETTING_URL).then(
      (data) => live && show(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);

  if (!values) return <i className="pi pi-spin pi-spinner" aria-label={t('form.loading')} />;

  const run = async (work: () => Promise<Values>) => {
    setBusy(true);
    setSaved(false);
    try {
      show(await work());
      setSaved(true);
    } catch (error) {
      const mapped = mapServerErrors(isHttpError(error) ? error.data : null);
      setErrors(mapped.fields);
      setFormError(mapped.form ?? (Object.keys(mapped.fields).length ? null : t('form.failed')));
    } finally {
      setBusy(false);
    }
  };

  const submit = () =>
    run(() => {
      const form = new FormData();
      form.append('login_title', title);
      for (const slot of SLOTS) {
        const file = files[slot];
        if (file) form.append(slot, file, file.name);
      }
      return http.put<Values>(SETTING_URL, form, { silent: true });
    });

  const error = (name: string) =>
    errors[name] ? (
      <small className="p-error" data-testid={`interface-error-${name}`}>
        {errors[name]}
      </small>
    ) : null;

  return (
    <form
      className="settings-plugin flex flex-column gap-3"
      data-testid="settings-form-interface"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid align-items-start m-0">
        <label htmlFor="interface-login_title" className="col-12 md:col-4 lg:col-3 pt-2">
          {t('interface.login_title')}
        </label>
        <div className="col-12 md:col-8 lg:col-6 flex flex-column gap-1">
          <InputText
            id="interface-login_title"
            data-testid="interface-login_title"
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              setSaved(false);
            }}
          />
          {error('login_title')}
        </div>
      </div>
      {SLOTS.map((slot) => (
        <div key={slot} className="grid align-items-start m-0">
          <label htmlFor={`interface-${slot}`} className="col-12 md:col-4 lg:col-3 pt-2">
            {t(`interface.${slot}`)}
          </label>
          <div className="col-12 md:col-8 lg:col-6 flex flex-column gap-1">
            {values[slot] ? (
              <img
                src={values[slot]}
                alt=""
                className="border-1 surface-border border-round p-1 align-self-start"
                style={{ maxHeight: '4rem', maxWidth: '100%' }}
                data-testid={`interface-preview-${slot}`}
              />
            ) : null}
            <input
              id={`interface-${slot}`}
              data-testid={`interface-${slot}`}
              type="file"
              accept={ACCEPT}
              onChange={(e) => {
                const file = e.target.files?.[0];
                setFiles((current) => ({ ...current, [slot]: file }));
                setSaved(false);
              }}
            />
            {error(slot)}
            <small className="text-color-secondary">{t(`interface.hint.${slot}`)}</small>
          </div>
        </div>
      ))}
      {formError ? (
        <div className="p-inline-message p-inline-message-error" data-testid="settings-form-error">
          {formError}
        </div>
      ) : null}
      <div className="flex align-items-center gap-3 flex-wrap">
        <Button type="submit" label={t('form.submit')} loading={busy} data-testid="settings-submit" />
        <Button
          type="button"
          label={t('interface.restore')}
          severity="secondary"
          outlined
          disabled={busy}
          data-testid="interface-restore"
          onClick={() => void run(() => http.post<Values>(RESTORE_URL, {}, { silent: true }))}
        />
        {saved ? (
          <span className="text-green-600" data-testid="settings-saved" role="status">
            <i className="pi pi-check mr-1" aria-hidden="true" />
            {t('form.saved')}
          </span>
        ) : null}
      </div>
    </form>
  );
}
