import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { errorText } from '../errors';
import { MFA_CODE_LENGTH, MFA_VERIFY_URL } from '../exportOptions';
import { useKit } from './kit';

export interface MfaDialogProps {
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * MFA verification (docs/crud.md#mfa-verification): GET the verify URL first — success means already verified
 * (errors silenced); otherwise ask for the 6-character code and POST it. Closing reports cancelled.
 */
export function MfaDialog({ onVerified, onCancel }: MfaDialogProps) {
  const { http, t } = useKit();
  const [checking, setChecking] = useState(true);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    http
      .get(MFA_VERIFY_URL, { silent: true })
      .then(() => alive && onVerified())
      .catch(() => alive && setChecking(false));
    return () => {
      alive = false;
    };
  }, [http, onVerified]);

  const submit = async (): Promise<void> => {
    if (code.trim().length !== MFA_CODE_LENGTH) {
      setError(t('mfa.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await http.post(MFA_VERIFY_URL, { code: code.trim() }, { silent: true });
      onVerified();
    } catch (e) {
      const data = (e as { data?: unknown }).data;
      const detail = errorText(
        data && typeof data === 'object'
          ? ((data as Record<string, unknown>).detail ?? (data as Record<string, unknown>).error ?? data)
          : data,
      );
      setError(detail ? `${t('mfa.invalid')} (${detail})` : t('mfa.invalid'));
    } finally {
      setBusy(false);
    }
  };

  if (checking) return null;
  return (
    <Dialog
      header={t('mfa.title')}
      visible
      onHide={onCancel}
      style={{ width: '28rem' }}
      data-testid="mfa-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" text label={t('action.cancel')} onClick={onCancel} data-testid="mfa-cancel" />
          <Button
            type="button"
            label={t('action.confirm')}
            loading={busy}
            onClick={() => void submit()}
            data-testid="mfa-confirm"
          />
        </div>
      }
    >
      <div className="flex flex-column gap-2">
        <label htmlFor="mfa-code">{t('mfa.prompt')}</label>
        <InputText
          id="mfa-code"
          value={code}
          maxLength={MFA_CODE_LENGTH}
          autoComplete="one-time-code"
          invalid={Boolean(error)}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void submit()}
          data-testid="mfa-code"
        />
        {error ? (
          <small className="text-red-600" data-testid="mfa-error">
            {error}
          </small>
        ) : null}
      </div>
    </Dialog>
  );
}

export default MfaDialog;
