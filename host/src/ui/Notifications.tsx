import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Toast } from 'primereact/toast';
import { ERROR_TOAST_MS, EventBus, Session, useService, useT } from '@bastion/sdk';

/**
 * Presents what the HTTP layer publishes (docs/http.md#errors-and-what-the-console-shows): red toasts for 5
 * s, and the 'Info' dialog with a re-login button when the session ended elsewhere.
 */
export function Notifications() {
  const t = useT('host');
  const bus = useService(EventBus);
  const session = useService(Session);
  const toast = useRef<Toast>(null);
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    const errors = bus.on('http.error').subscribe(({ error }) => {
      toast.current?.show({
        severity: 'error',
        summary: t('http.error'),
        detail: error.i18nKey ? t(error.i18nKey, { defaultValue: error.message }) : error.message,
        life: ERROR_TOAST_MS,
      });
    });
    const toasts = bus.on('toast').subscribe(({ severity, detail, summary }) => {
      toast.current?.show({
        severity,
        summary: summary ?? (severity === 'error' ? t('http.error') : undefined),
        detail,
        life: ERROR_TOAST_MS,
      });
    });
    const sessionEnded = bus.on('session.expired').subscribe(() => setExpired(true));
    return () => {
      toasts.unsubscribe();
      errors.unsubscribe();
      sessionEnded.unsubscribe();
    };
  }, [bus, t]);

  return (
    <>
      <Toast ref={toast} position="top-right" />
      <Dialog
        header={t('dialog.info')}
        visible={expired}
        closable={false}
        modal
        // Above every other overlay (console.css), whenever they opened: PrimeReact stacks overlays in the
        // order they open, so a drawer that mounts after the session ended (a slow chunk on a busy machine)
        // would otherwise cover the only way back in.
        maskClassName="bastion-relogin-mask"
        onHide={() => setExpired(false)}
        data-testid="relogin-dialog"
        footer={<Button label={t('dialog.relogin')} onClick={() => session.redirectToLogin()} autoFocus />}
      >
        <p className="m-0">{t('http.sessionExpired')}</p>
      </Dialog>
    </>
  );
}
