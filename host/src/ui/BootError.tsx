import { Button } from 'primereact/button';
import { useT } from '@bastion/sdk';

/** The console could not start (public settings or profile unavailable for reasons other than sign-in). */
export function BootError({ reasonKey }: { reasonKey: string }) {
  const t = useT('host');
  return (
    <div
      className="flex flex-column align-items-center justify-content-center min-h-screen gap-3"
      role="alert"
    >
      <i className="pi pi-times-circle text-5xl text-red-500" aria-hidden="true" />
      <p data-testid="boot-error">{t('app.bootFailed', { reason: t(reasonKey) })}</p>
      <Button label={t('app.reload')} onClick={() => window.location.reload()} />
    </div>
  );
}
