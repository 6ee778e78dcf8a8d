import { useCallback, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import type { QueryParams } from '../../services/http';
import {
  EXPORT_FORMATS,
  defaultExportRange,
  exportRanges,
  exportUrl,
  type ExportFormat,
  type ExportRange,
} from '../exportOptions';
import { createSpm } from '../relation';
import { download, useKit } from './kit';
import { MfaDialog } from './MfaDialog';

export interface ExportDialogProps {
  url: string;
  selectedIds: readonly string[];
  filterParams: QueryParams;
  filtered: boolean;
  /** Verify MFA first (docs/crud.md#mfa-verification). */
  mfa: boolean;
  /** `cancelled`: the MFA step was closed. */
  onHide: (result?: 'done' | 'cancelled') => void;
}

/** Export dialog (docs/crud.md#export): csv/xlsx; all / selected / filtered. */
export function ExportDialog({ url, selectedIds, filterParams, filtered, mfa, onHide }: ExportDialogProps) {
  const { http, t } = useKit();
  const [verified, setVerified] = useState(!mfa);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const ranges = exportRanges({ selected: selectedIds.length, filtered });
  const [range, setRange] = useState<ExportRange>(() =>
    defaultExportRange({ selected: selectedIds.length, filtered }),
  );
  const [busy, setBusy] = useState(false);
  const onVerified = useCallback(() => setVerified(true), []);
  const onCancel = useCallback(() => onHide('cancelled'), [onHide]);

  if (!verified) return <MfaDialog onVerified={onVerified} onCancel={onCancel} />;

  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      const spm = range === 'selected' ? await createSpm(http, selectedIds) : undefined;
      download(exportUrl({ url, format, range, filterParams, spm }));
      onHide('done');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={t('export.title')}
      visible
      onHide={() => onHide()}
      style={{ width: '32rem' }}
      data-testid="export-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" text label={t('action.cancel')} onClick={() => onHide()} />
          <Button
            type="button"
            label={t('action.confirm')}
            loading={busy}
            onClick={() => void confirm()}
            data-testid="export-confirm"
          />
        </div>
      }
    >
      <div className="flex flex-column gap-3">
        <div className="flex gap-3 align-items-center">
          <span className="font-semibold w-6rem">{t('export.format')}</span>
          {EXPORT_FORMATS.map((f) => (
            <span key={f} className="flex align-items-center gap-1">
              <RadioButton
                inputId={`export-format-${f}`}
                checked={format === f}
                onChange={() => setFormat(f)}
                data-testid={`export-format-${f}`}
              />
              <label htmlFor={`export-format-${f}`}>{f === 'csv' ? 'CSV' : 'Excel'}</label>
            </span>
          ))}
        </div>
        <div className="flex gap-3 align-items-center flex-wrap">
          <span className="font-semibold w-6rem">{t('export.range')}</span>
          {(['all', 'selected', 'filtered'] as const).map((r) => (
            <span key={r} className="flex align-items-center gap-1">
              <RadioButton
                inputId={`export-range-${r}`}
                checked={range === r}
                disabled={!ranges[r]}
                onChange={() => setRange(r)}
                data-testid={`export-range-${r}`}
              />
              <label htmlFor={`export-range-${r}`} className={ranges[r] ? '' : 'text-color-secondary'}>
                {t(`export.${r}`)}
              </label>
            </span>
          ))}
        </div>
      </div>
    </Dialog>
  );
}

export default ExportDialog;
