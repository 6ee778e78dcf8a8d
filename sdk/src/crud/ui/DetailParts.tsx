import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import type { RelationConfig } from '../formFields';
import type { FieldsMeta } from '../metadata';
import { loadInitialOptions, type SelectOption } from '../relation';
import { valueItems } from '../columns';
import { BooleanCell, ChipList, choiceText, formatDateTime } from './cells';
import { useKit } from './kit';
import { RelationSelect } from './RelationSelect';

export interface DetailItem {
  key: string;
  label: string;
  value: ReactNode;
}

/** Detail card items from GET metadata: the named fields (default every non-write-only field). */
export function useDetailItems(
  object: Record<string, unknown>,
  meta: FieldsMeta | null,
  fields?: readonly string[],
  formatters?: Readonly<Record<string, (object: Record<string, unknown>) => ReactNode>>,
): DetailItem[] {
  const { t, language, pt } = useKit();
  const names = fields ?? Object.keys(meta ?? object).filter((n) => !meta?.[n]?.write_only);
  return names.map((key) => {
    const m = meta?.[key];
    const custom = formatters?.[key];
    const raw = object[key];
    let value: ReactNode;
    if (custom) value = custom(object);
    else if (m?.type === 'boolean' || typeof raw === 'boolean')
      value = <BooleanCell value={raw} yes={t('value.yes')} no={t('value.no')} />;
    else if (m?.type === 'datetime') value = formatDateTime(raw, language);
    else if (object[`${key}_display`] !== undefined) value = String(object[`${key}_display`] ?? '');
    else if (m?.choices) value = choiceText(m, raw);
    else if (Array.isArray(raw)) value = <ChipList values={valueItems(raw, m)} />;
    else if (raw !== null && typeof raw === 'object') value = JSON.stringify(raw);
    else value = raw === null || raw === undefined ? '' : String(raw);
    return { key, label: m?.label ?? pt(key), value };
  });
}

export function DetailCard({ title, items }: { title?: string; items: readonly DetailItem[] }) {
  const { pt } = useKit();
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="detail-card">
      {title ? <h3 className="mt-0 mb-3 text-base">{pt(title)}</h3> : null}
      <dl className="m-0 grid">
        {items.map((item) => (
          <div
            key={item.key}
            className="col-12 flex gap-3 py-2 border-bottom-1 surface-border"
            data-testid={`detail-${item.key}`}
          >
            <dt className="w-10rem flex-shrink-0 text-color-secondary">{item.label}</dt>
            <dd className="m-0 flex-1 white-space-pre-line" style={{ wordBreak: 'break-word' }}>
              {item.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface QuickAction {
  name: string;
  label: string;
  type: 'switch' | 'button';
  /** For switches. */
  checked?: boolean;
  /** Button text (buttons). */
  buttonLabel?: string;
  severity?: 'secondary' | 'success' | 'info' | 'warning' | 'danger' | 'help';
  disabled?: boolean;
  has?: boolean;
  onChange?: (checked: boolean) => void | Promise<void>;
  onClick?: () => void | Promise<void>;
}

/** Rows of switches and buttons next to the detail card (docs/crud.md#detail-page). */
export function QuickActions({ title, actions }: { title?: string; actions: readonly QuickAction[] }) {
  const { pt } = useKit();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, fn: () => void | Promise<void>): Promise<void> => {
    setBusy(name);
    try {
      await fn();
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="quick-actions">
      {title ? <h3 className="mt-0 mb-3 text-base">{pt(title)}</h3> : null}
      <div className="flex flex-column gap-3">
        {actions
          .filter((a) => a.has !== false)
          .map((a) => (
            <div key={a.name} className="flex align-items-center justify-content-between gap-2">
              <span>{pt(a.label)}</span>
              {a.type === 'switch' ? (
                <InputSwitch
                  checked={Boolean(a.checked)}
                  disabled={a.disabled || busy === a.name}
                  onChange={(e) => void run(a.name, () => a.onChange?.(Boolean(e.value)))}
                  data-testid={`quick-${a.name}`}
                />
              ) : (
                <Button
                  type="button"
                  size="small"
                  outlined
                  severity={a.severity}
                  label={pt(a.buttonLabel ?? a.label)}
                  disabled={a.disabled}
                  loading={busy === a.name}
                  onClick={() => void run(a.name, () => a.onClick?.())}
                  data-testid={`quick-${a.name}`}
                />
              )}
            </div>
          ))}
      </div>
    </section>
  );
}

export interface RelationCardProps {
  title: string;
  /** Where the options to add come from. */
  select: RelationConfig;
  /** Ids currently related. */
  value: readonly string[];
  add: (ids: string[]) => Promise<void>;
  remove: (id: string) => Promise<void>;
  disabled?: boolean;
  testId?: string;
}

const CARD_PAGE = 10;

/**
 * A relation card (docs/crud.md#detail-page): a remote select to add, the related objects with remove buttons
 * and "load more". Labels of the related ids come through spm.
 */
export function RelationCard({ title, select, value, add, remove, disabled, testId }: RelationCardProps) {
  const { http, t, pt } = useKit();
  const [labels, setLabels] = useState<SelectOption[]>([]);
  const [shown, setShown] = useState(CARD_PAGE);
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const key = value.join(',');
  useEffect(() => {
    let alive = true;
    const ids = key ? key.split(',') : [];
    loadInitialOptions(http, select, ids)
      .then((found) => {
        if (!alive) return;
        const byId = new Map(found.map((o) => [o.value, o.label]));
        setLabels(ids.map((i) => ({ value: i, label: byId.get(i) ?? i })));
      })
      .catch(() => alive && setLabels(ids.map((i) => ({ value: i, label: i }))));
    return () => {
      alive = false;
    };
  }, [http, select, key]);
  const doAdd = async (): Promise<void> => {
    if (!picked.length) return;
    setBusy(true);
    try {
      await add(picked.filter((p) => !value.includes(p)));
      setPicked([]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid={testId ?? 'relation-card'}>
      <h3 className="mt-0 mb-3 text-base">{pt(title)}</h3>
      {!disabled ? (
        <div className="flex gap-2 mb-3">
          <div className="flex-1" style={{ minWidth: 0 }}>
            <RelationSelect
              config={{ ...select, multiple: true }}
              value={picked}
              onChange={(v) => setPicked((v as string[]) ?? [])}
              placeholder={t('relation.add')}
              testId="relation-select"
            />
          </div>
          <Button
            type="button"
            label={t('relation.addButton')}
            loading={busy}
            disabled={!picked.length}
            onClick={() => void doAdd()}
            data-testid="relation-add"
          />
        </div>
      ) : null}
      <ul className="list-none m-0 p-0">
        {labels.slice(0, shown).map((o) => (
          <li
            key={o.value}
            className="flex justify-content-between align-items-center py-2 border-bottom-1 surface-border"
            data-testid="relation-item"
          >
            <span>{o.label}</span>
            {!disabled ? (
              <Button
                type="button"
                icon="pi pi-minus"
                rounded
                text
                severity="danger"
                size="small"
                aria-label={t('relation.remove')}
                onClick={() => void remove(o.value)}
                data-testid="relation-remove"
              />
            ) : null}
          </li>
        ))}
      </ul>
      {labels.length > shown ? (
        <Button
          type="button"
          link
          size="small"
          label={t('relation.loadMore')}
          onClick={() => setShown((s) => s + CARD_PAGE)}
        />
      ) : null}
      {!labels.length ? <p className="text-color-secondary m-0">{t('table.empty')}</p> : null}
    </section>
  );
}
