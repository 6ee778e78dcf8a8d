import { useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { fixedColumns, type ColumnsShow } from '../columns';
import { useCrudT } from '../i18n';

export interface ColumnSettingsDialogProps {
  columns: readonly { field: string; label: string }[];
  show?: ColumnsShow;
  /** Currently shown fields. */
  shown: readonly string[];
  onSave: (fields: string[]) => void;
  onHide: () => void;
}

/**
 * Column settings (docs/crud.md#columns): checkboxes, three per row; id, actions and min columns are fixed.
 */
export function ColumnSettingsDialog({ columns, show, shown, onSave, onHide }: ColumnSettingsDialogProps) {
  const t = useCrudT();
  const fixed = fixedColumns(show);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set([...shown, ...fixed]));
  const toggle = (field: string, on: boolean): void =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(field);
      else n.delete(field);
      return n;
    });
  return (
    <Dialog
      header={t('columns.title')}
      visible
      onHide={onHide}
      style={{ width: '60vw' }}
      breakpoints={{ '992px': '80vw' }}
      data-testid="column-settings-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" label={t('action.cancel')} text onClick={onHide} />
          <Button
            type="button"
            label={t('action.confirm')}
            onClick={() => onSave(columns.map((c) => c.field).filter((f) => chosen.has(f)))}
            data-testid="column-settings-save"
          />
        </div>
      }
    >
      <div className="grid">
        {columns
          .filter((c) => c.label)
          .map((c) => (
            <div className="col-4 flex align-items-center gap-2" key={c.field}>
              <Checkbox
                inputId={`col-${c.field}`}
                checked={chosen.has(c.field)}
                disabled={fixed.has(c.field)}
                onChange={(e) => toggle(c.field, Boolean(e.checked))}
                data-testid={`column-${c.field}`}
              />
              <label htmlFor={`col-${c.field}`}>{c.label}</label>
            </div>
          ))}
      </div>
    </Dialog>
  );
}

export default ColumnSettingsDialog;
