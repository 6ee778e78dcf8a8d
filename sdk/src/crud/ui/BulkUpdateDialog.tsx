import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { errorText } from '../errors';
import {
  buildFormGroups,
  cleanValues,
  initialValues,
  type FieldOverride,
  type FieldsLayout,
  type FormGroup,
} from '../formFields';
import { fieldsOf, loadMetadata } from '../metadata';
import { FormFields } from './FormFields';
import { useKit } from './kit';
import { useFormState } from './useForm';

export interface BulkUpdateDialogProps {
  url: string;
  rows: readonly { id: string }[];
  fields: FieldsLayout;
  fieldsMeta?: Readonly<Record<string, FieldOverride>>;
  onHide: (changed: boolean) => void;
}

/**
 * Bulk update (docs/crud.md#bulk-actions): every field ticked at first; only ticked fields are sent, PATCH
 * list `[{id, …}]`.
 */
export function BulkUpdateDialog({ url, rows, fields, fieldsMeta, onHide }: BulkUpdateDialogProps) {
  const { http, t, pt } = useKit();
  const [groups, setGroups] = useState<FormGroup[] | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useFormState(groups ?? [], t, pt);

  useEffect(() => {
    let alive = true;
    loadMetadata(http, url)
      .catch(() => ({}))
      .then((m) => {
        if (!alive) return;
        // Nothing is required in a bulk update: untouched fields are not sent.
        const g = buildFormGroups({ meta: fieldsOf(m, 'PATCH'), fields, fieldsMeta }).map((gr) => ({
          ...gr,
          fields: gr.fields.map((f) => ({ ...f, required: false })),
        }));
        setGroups(g);
        setTicked(new Set(g.flatMap((gr) => gr.fields.map((f) => f.name))));
        form.reset(initialValues(g, {}));
      });
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, url]);

  const visibleGroups = useMemo(() => groups ?? [], [groups]);
  const submit = async (): Promise<void> => {
    if (Object.keys(form.validateAll()).length) return;
    const values = cleanValues(visibleGroups, form.values);
    const chosen = Object.fromEntries(Object.entries(values).filter(([k]) => ticked.has(k)));
    setBusy(true);
    setError(null);
    try {
      await http.patch(
        url,
        rows.map((r) => ({ id: r.id, ...chosen })),
        { silent: true },
      );
      onHide(true);
    } catch (e) {
      setError(errorText((e as { data?: unknown }).data) || (e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      header={t('bulk.title', { count: rows.length })}
      visible
      onHide={() => onHide(false)}
      style={{ width: '60vw' }}
      breakpoints={{ '992px': '80vw' }}
      data-testid="bulk-update-dialog"
      footer={
        <div className="flex justify-content-end gap-2">
          <Button type="button" text label={t('action.cancel')} onClick={() => onHide(false)} />
          <Button
            type="button"
            label={t('action.confirm')}
            loading={busy}
            disabled={!ticked.size}
            onClick={() => void submit()}
            data-testid="bulk-update-confirm"
          />
        </div>
      }
    >
      {error ? (
        <Message severity="error" text={error} className="w-full mb-3" data-testid="bulk-update-error" />
      ) : null}
      {groups ? (
        <FormFields
          groups={visibleGroups}
          values={form.values}
          errors={form.errors}
          onChange={form.onChange}
          onBlur={form.onBlur}
          translate={pt}
          prefix={(spec) => (
            <Checkbox
              className="mr-2"
              checked={ticked.has(spec.name)}
              onChange={(e) =>
                setTicked((s) => {
                  const n = new Set(s);
                  if (e.checked) n.add(spec.name);
                  else n.delete(spec.name);
                  return n;
                })
              }
              data-testid={`bulk-tick-${spec.name}`}
            />
          )}
        />
      ) : (
        <i className="pi pi-spin pi-spinner" />
      )}
    </Dialog>
  );
}

export default BulkUpdateDialog;
