import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useT } from '@bastion/sdk';

/**
 * Shows a freshly made secret once, with a copy button: the API key secret (never shown again) and the
 * temporary password (shown for as long as it is valid).
 */
export function SecretDialog({
  header,
  testId,
  secret,
  warning,
  children,
  onHide,
}: {
  header: string;
  testId: string;
  secret: string;
  warning: string;
  children?: ReactNode;
  onHide: () => void;
}) {
  const t = useT();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = (): void => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setCopied('no');
      return;
    }
    clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  };
  return (
    <Dialog
      header={header}
      visible
      onHide={onHide}
      style={{ width: '36rem', maxWidth: '95vw' }}
      data-testid={testId}
      footer={
        <Button
          type="button"
          label={t('secret.done')}
          onClick={onHide}
          data-testid={`${testId}-close`}
          autoFocus
        />
      }
    >
      <div className="flex flex-column gap-3">
        {children}
        <label className="font-semibold" htmlFor={`${testId}-value`}>
          {t('secret.label')}
        </label>
        <div className="flex gap-2 align-items-center">
          <InputText
            id={`${testId}-value`}
            value={secret}
            readOnly
            className="flex-1 font-monospace"
            onFocus={(event) => event.currentTarget.select()}
            data-testid={`${testId}-value`}
          />
          <Button
            type="button"
            icon="pi pi-copy"
            label={t('secret.copy')}
            outlined
            onClick={copy}
            data-testid={`${testId}-copy`}
          />
        </div>
        {copied ? (
          <small className={copied === 'yes' ? 'text-green-600' : 'text-orange-600'} role="status">
            {t(copied === 'yes' ? 'secret.copied' : 'secret.copyFailed')}
          </small>
        ) : null}
        <div className="p-inline-message p-inline-message-warn w-full justify-content-start" role="alert">
          <i className="pi pi-exclamation-triangle mr-2" aria-hidden="true" />
          <span data-testid={`${testId}-warning`}>{warning}</span>
        </div>
      </div>
    </Dialog>
  );
}

/** "Are you sure?" before an irreversible change (deleting a key). */
export function ConfirmDialog({
  header,
  message,
  testId,
  onAccept,
  onHide,
}: {
  header: string;
  message: string;
  testId: string;
  onAccept: () => Promise<void>;
  onHide: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const accept = async (): Promise<void> => {
    setBusy(true);
    try {
      await onAccept();
    } finally {
      setBusy(false);
      onHide();
    }
  };
  return (
    <Dialog
      header={header}
      visible
      onHide={onHide}
      style={{ width: '30rem', maxWidth: '95vw' }}
      data-testid={testId}
      footer={
        <div className="flex gap-2 justify-content-end">
          <Button
            type="button"
            label={t('action.cancel')}
            text
            onClick={onHide}
            data-testid={`${testId}-cancel`}
          />
          <Button
            type="button"
            label={t('action.confirm')}
            severity="danger"
            loading={busy}
            onClick={() => void accept()}
            data-testid={`${testId}-accept`}
          />
        </div>
      }
    >
      <p className="m-0">{message}</p>
    </Dialog>
  );
}
