import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { RadioButton } from 'primereact/radiobutton';
import { SelectButton } from 'primereact/selectbutton';
import { Tooltip } from 'primereact/tooltip';
import { errorText } from '../errors';
import { templateUrl, type ExportFormat } from '../exportOptions';
import {
  IMPORT_PAGE_SIZE,
  cellInputText,
  checkImportFile,
  filterImportRows,
  importButton,
  importColumnWidth,
  importColumns,
  importContentType,
  importCounts,
  importProgress,
  importReducer,
  initialImportState,
  parseCellInput,
  runImport,
  type ImportAction,
  type ImportFilter,
  type ImportMode,
  type ImportRow,
  type ImportState,
} from '../importMachine';
import { createSpm } from '../relation';
import { detailUrl } from '../routes';
import { download, useKit } from './kit';

export interface ImportDialogProps {
  url: string;
  canCreate: boolean;
  canUpdate: boolean;
  selectedIds: readonly string[];
  /** `changed`: some row was imported. */
  onHide: (changed: boolean) => void;
}

/** The import dialog of docs/crud.md#import. */
export function ImportDialog({ url, canCreate, canUpdate, selectedIds, onHide }: ImportDialogProps) {
  const { http, t } = useKit();
  const [mode, setMode] = useState<ImportMode>(canCreate ? 'create' : 'update');
  const [state, setState] = useState<ImportState>(initialImportState);
  const stateRef = useRef<ImportState>(initialImportState);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [helpError, setHelpError] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [filter, setFilter] = useState<ImportFilter>('all');
  const [first, setFirst] = useState(0);
  const [fileName, setFileName] = useState('');
  const changed = useRef(false);

  const dispatch = useCallback((action: ImportAction) => {
    stateRef.current = importReducer(stateRef.current, action);
    if (action.type === 'rowOk') changed.current = true;
    setState(stateRef.current);
  }, []);

  const onFile = async (e: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploadError(null);
    const check = checkImportFile(file);
    setHelpError(check !== 'ok');
    if (check !== 'ok') return;
    setFileName(file.name);
    setUploading(true);
    try {
      const answer = await http.post<{ title: [string, string][]; data: Record<string, unknown>[] }>(
        `${url}render-to-json/`,
        file,
        { headers: { 'Content-Type': importContentType(file.name) }, silent: true },
      );
      dispatch({ type: 'load', titles: answer.title ?? [], data: answer.data ?? [] });
      setFirst(0);
      setFilter('all');
    } catch (error) {
      const data = (error as { data?: unknown }).data;
      setUploadError(
        `${t('import.previewFailed')} ${errorText(data) || (error instanceof Error ? error.message : '')}`,
      );
      dispatch({ type: 'reset' });
    } finally {
      setUploading(false);
    }
  };

  const sendRow = async (row: ImportRow): Promise<void> => {
    if (mode === 'create') await http.post(url, row.data, { silent: true });
    else await http.put(detailUrl(url, String(row.data.id ?? '')), row.data, { silent: true });
  };

  const [failedNote, setFailedNote] = useState(false);
  const onButton = async (): Promise<void> => {
    const button = importButton(stateRef.current);
    if (button === 'finished') {
      onHide(changed.current);
      return;
    }
    if (button === 'stop') {
      dispatch({ type: 'stop' });
      return;
    }
    setFailedNote(false);
    dispatch({ type: 'start' });
    const result = await runImport({
      getState: () => stateRef.current,
      dispatch,
      send: sendRow,
      onPage: (p) => {
        if (filter === 'all') setFirst(p * IMPORT_PAGE_SIZE);
      },
    });
    if (result === 'done' && importCounts(stateRef.current.rows).failed > 0) setFailedNote(true);
  };

  const downloadTemplate = async (format: ExportFormat): Promise<void> => {
    const spm = mode === 'update' && selectedIds.length ? await createSpm(http, selectedIds) : undefined;
    download(templateUrl({ url, format, mode, spm }));
  };

  const counts = importCounts(state.rows);
  const rows = filterImportRows(state.rows, filter);
  const columns = importColumns(state);
  const button = importButton(state);
  const running = state.task === 'started';
  const buttonLabel = t(`import.button.${button}`);

  const statusCell = (row: ImportRow) => {
    if (row.status.state === 'ok')
      return <i className="pi pi-check-circle text-green-600" data-testid="import-status-ok" />;
    if (row.status.state === 'error') {
      const text = row.status.lines.join('\n');
      return (
        <span className="flex align-items-start gap-1" data-testid="import-status-error">
          <i className="pi pi-times-circle text-red-600" />
          <span className="text-xs text-red-600 white-space-pre-line" style={{ maxWidth: '14rem' }}>
            {text}
          </span>
        </span>
      );
    }
    return <i className="pi pi-clock text-color-secondary" data-testid="import-status-pending" />;
  };

  return (
    <Dialog
      header={t(mode === 'create' ? 'import.titleCreate' : 'import.titleUpdate')}
      visible
      onHide={() => {
        if (running) dispatch({ type: 'stop' });
        onHide(changed.current);
      }}
      style={{ width: state.rows.length ? '90vw' : '60vw' }}
      breakpoints={{ '992px': '95vw' }}
      data-testid="import-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" text label={t('action.close')} onClick={() => onHide(changed.current)} />
          {state.rows.length ? (
            <Button
              type="button"
              label={buttonLabel}
              severity={button === 'stop' ? 'warning' : undefined}
              onClick={() => void onButton()}
              data-testid="import-run"
              data-state={button}
            />
          ) : null}
        </div>
      }
    >
      <Tooltip target=".import-help" />
      <div className="flex flex-column gap-3">
        <div className="flex gap-4 align-items-center flex-wrap">
          <span className="font-semibold">{t('import.mode')}</span>
          {canCreate ? (
            <span className="flex align-items-center gap-1">
              <RadioButton
                inputId="import-mode-create"
                checked={mode === 'create'}
                disabled={running}
                onChange={() => setMode('create')}
              />
              <label htmlFor="import-mode-create">{t('import.modeCreate')}</label>
            </span>
          ) : null}
          {canUpdate ? (
            <span className="flex align-items-center gap-1">
              <RadioButton
                inputId="import-mode-update"
                checked={mode === 'update'}
                disabled={running}
                onChange={() => setMode('update')}
                data-testid="import-mode-update"
              />
              <label htmlFor="import-mode-update">{t('import.modeUpdate')}</label>
            </span>
          ) : null}
        </div>
        <div className="flex gap-2 align-items-center flex-wrap">
          <span className="font-semibold">{t('import.template')}</span>
          <Button
            type="button"
            size="small"
            link
            label="CSV"
            onClick={() => void downloadTemplate('csv')}
            data-testid="import-template-csv"
          />
          <Button
            type="button"
            size="small"
            link
            label="Excel"
            onClick={() => void downloadTemplate('xlsx')}
            data-testid="import-template-xlsx"
          />
        </div>
        <div className="flex flex-column gap-1">
          <label className="font-semibold" htmlFor="import-file">
            {t('import.upload')}
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,.xlsx"
            disabled={running || uploading}
            onChange={(e) => void onFile(e)}
            data-testid="import-file"
          />
          <small className={helpError ? 'text-red-600' : 'text-color-secondary'} data-testid="import-help">
            {t('import.help')} {fileName ? `(${fileName})` : ''}
          </small>
          {uploadError ? (
            <small className="text-red-600" data-testid="import-upload-error">
              {uploadError}
            </small>
          ) : null}
        </div>
        {state.rows.length ? (
          <>
            <div className="flex align-items-center gap-3 flex-wrap">
              <SelectButton
                value={filter}
                onChange={(e) => {
                  if (e.value) {
                    setFilter(e.value as ImportFilter);
                    setFirst(0);
                  }
                }}
                options={[
                  { value: 'all', label: `${t('import.filter.all')} ${counts.total}` },
                  { value: 'success', label: `${t('import.filter.success')} ${counts.ok}` },
                  { value: 'failed', label: `${t('import.filter.failed')} ${counts.failed}` },
                  { value: 'pending', label: `${t('import.filter.pending')} ${counts.pending}` },
                ]}
                data-testid="import-filter"
              />
              <ProgressBar
                value={importProgress(state.rows)}
                style={{ flex: 1, minWidth: '10rem', height: '1rem' }}
              />
            </div>
            {failedNote ? (
              <Message severity="warn" text={t('import.someFailed')} data-testid="import-some-failed" />
            ) : null}
            <DataTable
              value={rows}
              dataKey="key"
              paginator
              rows={IMPORT_PAGE_SIZE}
              first={first}
              onPage={(e) => setFirst(e.first)}
              size="small"
              scrollable
              tableStyle={{ tableLayout: 'fixed' }}
              data-testid="import-preview"
            >
              <Column header={t('import.status')} body={statusCell} style={{ width: '16rem' }} />
              {columns.map(([label, field]) => (
                <Column
                  key={field}
                  header={label}
                  style={{
                    width: `${importColumnWidth(
                      label,
                      state.rows.map((r) => r.data[field]),
                    )}px`,
                  }}
                  body={(row: ImportRow) => (
                    <CellInput
                      value={row.data[field]}
                      disabled={running}
                      testId={`import-cell-${row.key}-${field}`}
                      onCommit={(v) => dispatch({ type: 'edit', key: row.key, field, value: v })}
                    />
                  )}
                />
              ))}
            </DataTable>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}

function CellInput({
  value,
  disabled,
  testId,
  onCommit,
}: {
  value: unknown;
  disabled: boolean;
  testId: string;
  onCommit: (value: unknown) => void;
}) {
  const original = cellInputText(value);
  const [text, setText] = useState(original);
  const [prev, setPrev] = useState(original);
  if (prev !== original) {
    setPrev(original);
    setText(original);
  }
  return (
    <input
      className="p-inputtext p-inputtext-sm w-full"
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        if (text !== original) onCommit(parseCellInput(text));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
      }}
      data-testid={testId}
    />
  );
}

export default ImportDialog;
