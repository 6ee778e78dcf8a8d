import { useEffect, useRef, useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import type { RelationConfig } from '../formFields';
import { loadInitialOptions, loadOptionsPage, mergeOptions, type SelectOption } from '../relation';
import { useKit } from './kit';

export interface RelationSelectProps {
  config: RelationConfig;
  value: unknown;
  onChange: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  placeholder?: string;
  onBlur?: () => void;
  testId?: string;
}

function idsOf(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) =>
    v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : String(v),
  );
}

/**
 * A remote, paged select (docs/crud.md#remote-selects): 10 options per page, server search as you type, more
 * pages on scroll, labels of preset values through spm, disabled on 403.
 */
export function RelationSelect({
  config,
  value,
  onChange,
  id,
  disabled,
  invalid,
  placeholder,
  onBlur,
  testId,
}: RelationSelectProps) {
  const { http, t } = useKit();
  const [options, setOptions] = useState<SelectOption[]>([]);
  const [preset, setPreset] = useState<SelectOption[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [forbidden, setForbidden] = useState(false);
  const [search, setSearch] = useState('');
  const loading = useRef(false);
  const offset = useRef(0);
  const ids = idsOf(value);
  const idsKey = ids.join(',');

  // Labels for values set before the options arrive (update form, clone).
  useEffect(() => {
    const known = new Set([...options, ...preset].map((o) => o.value));
    const missing = idsKey ? idsKey.split(',').filter((i) => !known.has(i)) : [];
    if (!missing.length) return;
    let alive = true;
    loadInitialOptions(http, config, missing)
      .then((found) => alive && setPreset((p) => mergeOptions(p, found)))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // options/preset deliberately left out: only new ids trigger a lookup.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, config.url, idsKey]);

  const loadPage = async (reset: boolean, text: string): Promise<void> => {
    if (loading.current) return;
    loading.current = true;
    try {
      const start = reset ? 0 : offset.current;
      const page = await loadOptionsPage(http, config, { offset: start, search: text });
      if (page.forbidden) setForbidden(true);
      offset.current = start + page.options.length;
      setOptions((o) => (reset ? page.options : mergeOptions(o, page.options)));
      setHasMore(page.hasMore);
    } catch {
      setHasMore(false);
    } finally {
      loading.current = false;
    }
  };

  useEffect(() => {
    const timer = setTimeout(() => void loadPage(true, search), search ? 300 : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, config.url, search]);

  const all = mergeOptions(preset, options);
  const onScrollPanel = (panel: HTMLElement | null): void => {
    const wrapper = panel?.querySelector<HTMLElement>(
      '.p-multiselect-items-wrapper, .p-dropdown-items-wrapper',
    );
    if (!wrapper || wrapper.dataset.bound) return;
    wrapper.dataset.bound = '1';
    wrapper.addEventListener('scroll', () => {
      if (wrapper.scrollTop + wrapper.clientHeight >= wrapper.scrollHeight - 40 && hasMoreRef.current) {
        void loadPage(false, searchRef.current);
      }
    });
  };
  const hasMoreRef = useRef(hasMore);
  const searchRef = useRef(search);
  useEffect(() => {
    hasMoreRef.current = hasMore;
    searchRef.current = search;
  }, [hasMore, search]);

  const common = {
    inputId: id,
    options: all,
    optionLabel: 'label',
    optionValue: 'value',
    filter: true,
    onFilter: (e: { filter: string }) => setSearch(e.filter),
    disabled: disabled || forbidden,
    invalid,
    placeholder: forbidden ? t('select.forbidden') : placeholder,
    emptyFilterMessage: t('select.empty'),
    emptyMessage: t('select.empty'),
    className: 'w-full',
    onShow: () =>
      onScrollPanel(document.querySelector<HTMLElement>('.p-multiselect-panel, .p-dropdown-panel')),
    onHide: onBlur,
    'data-testid': testId,
    panelFooterTemplate: hasMore
      ? () => (
          <button
            type="button"
            className="p-link w-full p-2 text-sm text-primary"
            onClick={() => void loadPage(false, search)}
          >
            {t('select.loadMore')}
          </button>
        )
      : undefined,
  };
  if (config.multiple) {
    return (
      <MultiSelect
        {...common}
        value={ids}
        display="chip"
        onChange={(e) => onChange(e.value as string[])}
        filterPlaceholder={t('search.placeholder')}
      />
    );
  }
  return (
    <Dropdown {...common} value={ids[0] ?? null} showClear onChange={(e) => onChange(e.value ?? null)} />
  );
}

export default RelationSelect;
