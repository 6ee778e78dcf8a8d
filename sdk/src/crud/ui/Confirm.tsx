import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';

export interface ConfirmRequest {
  header: string;
  message: string;
  acceptLabel: string;
  rejectLabel: string;
  accept: () => void | Promise<void>;
}

/** A confirmation dialog (its own chunk, loaded when a confirmation is first asked for). */
export function Confirm({ request, onHide }: { request: ConfirmRequest; onHide: () => void }) {
  return (
    <Dialog
      header={request.header}
      visible
      onHide={onHide}
      style={{ width: '28rem' }}
      className="p-confirm-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button
            type="button"
            text
            label={request.rejectLabel}
            className="p-confirm-dialog-reject"
            onClick={onHide}
          />
          <Button
            type="button"
            severity="danger"
            label={request.acceptLabel}
            className="p-confirm-dialog-accept"
            autoFocus
            onClick={() => {
              onHide();
              void request.accept();
            }}
          />
        </div>
      }
    >
      <div className="flex align-items-center gap-3">
        <i className="pi pi-exclamation-triangle text-3xl text-orange-500" />
        <span className="p-confirm-dialog-message">{request.message}</span>
      </div>
    </Dialog>
  );
}

export default Confirm;
