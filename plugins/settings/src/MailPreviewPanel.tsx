import { useState } from 'react';
import { Button } from 'primereact/button';
import { SelectButton } from 'primereact/selectbutton';
import { Http, isHttpError, mapServerErrors, useService, useT } from '@bastion/sdk';

type Preview = { subject: string; text: string; html: string };
const KINDS = ['user_created', 'reset_password', 'password_expiry'] as const;

/**
 * The preview of a system mail with the contents being edited (docs/mail.md#contents). The server renders
 * it with every typed part escaped; the HTML is shown in a sandboxed frame that runs nothing.
 */
export default function MailPreviewPanel({ values }: { values: Record<string, unknown> }) {
  const t = useT();
  const http = useService(Http);
  const [kind, setKind] = useState<(typeof KINDS)[number]>('user_created');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = async () => {
    setError(null);
    try {
      setPreview(
        await http.post<Preview>('/api/v1/settings/mail/preview/', { ...values, kind }, { silent: true }),
      );
    } catch (e) {
      const mapped = mapServerErrors(isHttpError(e) ? e.data : null);
      setError(mapped.form ?? Object.values(mapped.fields)[0] ?? t('form.failed'));
    }
  };

  return (
    <fieldset className="border-none p-0 m-0 flex flex-column gap-2" data-testid="mail-preview">
      <legend className="text-lg font-semibold mb-2">{t('mail.previewTitle')}</legend>
      <div className="flex flex-wrap gap-2 align-items-center">
        <SelectButton
          value={kind}
          onChange={(e) => e.value && setKind(e.value as (typeof KINDS)[number])}
          options={KINDS.map((k) => ({ label: t(`mail.kind.${k}`), value: k }))}
        />
        <Button
          type="button"
          label={t('mail.preview')}
          icon="pi pi-eye"
          onClick={() => void show()}
          data-testid="mail-preview-show"
        />
      </div>
      {error ? <div className="p-inline-message p-inline-message-error">{error}</div> : null}
      {preview ? (
        <div className="flex flex-column gap-2">
          <strong data-testid="mail-preview-subject">{preview.subject}</strong>
          <iframe
            title={t('mail.previewTitle')}
            sandbox=""
            srcDoc={preview.html}
            className="w-full border-1 surface-border border-round"
            style={{ minHeight: '14rem' }}
            data-testid="mail-preview-html"
          />
        </div>
      ) : null}
    </fieldset>
  );
}
