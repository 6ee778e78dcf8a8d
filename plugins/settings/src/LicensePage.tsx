import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Http, isHttpError, useService, useT } from '@bastion/sdk';

const DETAIL_URL = '/api/v1/xpack/license/detail';
const IMPORT_URL = '/api/v1/xpack/license/import';

interface Detail {
  subscription_id: string | null;
  corporation: string;
  date_expired: string | null;
  asset_count: number | null;
  edition: string;
  is_valid: boolean;
}

interface ImportAnswer {
  status?: boolean;
  msg?: string;
}

const FIELDS = ['corporation', 'edition', 'date_expired', 'asset_count', 'subscription_id'] as const;

/**
 * The licence page (docs/licence.md): what the licence in force says, and the import of a signed licence
 * file. The server's message is shown as it answers it (in the user's language); after an import the
 * console is reloaded on request, so that its plugins and menus follow the new edition.
 */
export default function LicensePage() {
  const t = useT();
  const http = useService(Http);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [result, setResult] = useState<{ ok: boolean; msg: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(() => http.get<Detail>(DETAIL_URL).then(setDetail, () => undefined), [http]);
  useEffect(() => void load(), [load]);

  const upload = async (file: File) => {
    setBusy(true);
    setResult(null);
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await http.post<ImportAnswer>(IMPORT_URL, form, { silent: true });
      setResult({ ok: true, msg: answer.msg ?? t('license.imported') });
      await load();
    } catch (error) {
      const data = isHttpError(error) ? (error.data as ImportAnswer | null) : null;
      setResult({ ok: false, msg: data?.msg ?? t('license.failed') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  if (!detail) return <i className="pi pi-spin pi-spinner" aria-label={t('form.loading')} />;

  const value = (field: (typeof FIELDS)[number]): string => {
    const raw = detail[field];
    return raw === null || raw === '' ? '—' : String(raw);
  };

  return (
    <section className="settings-plugin flex flex-column gap-3" data-testid="settings-license">
      <dl className="grid m-0">
        {FIELDS.map((field) => (
          <div key={field} className="col-12 grid m-0 align-items-baseline">
            <dt className="col-12 md:col-4 lg:col-3 font-medium">{t(`license.${field}`)}</dt>
            <dd className="col-12 md:col-8 lg:col-6 m-0" data-testid={`license-${field}`}>
              {value(field)}
            </dd>
          </div>
        ))}
        <div className="col-12 grid m-0 align-items-baseline">
          <dt className="col-12 md:col-4 lg:col-3 font-medium">{t('license.state')}</dt>
          <dd className="col-12 md:col-8 lg:col-6 m-0" data-testid="license-state">
            {detail.is_valid
              ? t('license.valid')
              : detail.date_expired
                ? t('license.expired')
                : t('license.none')}
          </dd>
        </div>
      </dl>
      <div className="flex align-items-center gap-3 flex-wrap">
        <input
          ref={input}
          type="file"
          accept=".json,application/json,.lic"
          className="hidden"
          data-testid="license-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button
          type="button"
          icon="pi pi-upload"
          label={t('license.import')}
          loading={busy}
          data-testid="license-import"
          onClick={() => input.current?.click()}
        />
        {result?.ok ? (
          <Button
            type="button"
            label={t('license.reload')}
            severity="secondary"
            outlined
            data-testid="license-reload"
            onClick={() => window.location.reload()}
          />
        ) : null}
      </div>
      {result ? (
        <div
          className={`p-inline-message ${result.ok ? 'p-inline-message-success' : 'p-inline-message-error'}`}
          role={result.ok ? 'status' : 'alert'}
          data-testid={result.ok ? 'license-imported' : 'license-error'}
        >
          {result.msg}
        </div>
      ) : null}
      <small className="text-color-secondary">{t('license.hint')}</small>
    </section>
  );
}
