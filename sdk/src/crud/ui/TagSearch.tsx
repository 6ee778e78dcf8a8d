import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import { tagLabel, type SearchOption } from '../query';
import { useCrudT } from '../i18n';

export interface TagSearchValue {
  search: readonly string[];
  filters: Readonly<Record<string, string>>;
}

export interface TagSearchProps {
  options: readonly SearchOption[];
  value: TagSearchValue;
  onChange: (value: TagSearchValue) => void;
  placeholder?: string;
}

/**
 * Tag search (docs/crud.md#search): pick a field (and one of its choices) or type free text; every condition
 * becomes a closable tag. Free text without a field joins `search`; a field tag is `field=value`.
 * Clicking a text tag puts it back into the input for editing.
 */
export function TagSearch({ options, value, onChange, placeholder }: TagSearchProps) {
  const t = useCrudT();
  const [text, setText] = useState('');
  const [field, setField] = useState<SearchOption | null>(null);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const listed = useMemo(() => {
    if (field) {
      const q = text.trim().toLowerCase();
      return (field.choices ?? []).filter((c) => !q || c.label.toLowerCase().includes(q));
    }
    const q = text.trim().toLowerCase();
    return options
      .filter((o) => !(o.value in value.filters))
      .filter((o) => !q || o.label.toLowerCase().includes(q))
      .map((o) => ({ value: o.value, label: o.label }));
  }, [field, options, text, value.filters]);

  const addFilter = (name: string, v: string): void => {
    onChange({ search: value.search, filters: { ...value.filters, [name]: v } });
    setField(null);
    setText('');
  };
  const addSearch = (v: string): void => {
    const s = v.trim();
    if (!s) return;
    onChange({ search: [...value.search.filter((x) => x !== s), s], filters: value.filters });
    setText('');
  };
  const pick = (v: string): void => {
    if (field) {
      addFilter(field.value, v);
      setOpen(false);
      return;
    }
    const option = options.find((o) => o.value === v) ?? null;
    setField(option);
    setText('');
    setOpen(Boolean(option?.choices?.length));
    input.current?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      if (field) {
        if (field.choices?.length) {
          const first = listed[0];
          if (first) addFilter(field.value, first.value);
        } else if (text.trim()) addFilter(field.value, text.trim());
      } else addSearch(text);
      setOpen(false);
    } else if (e.key === 'Escape') {
      setOpen(false);
      setField(null);
    } else if (e.key === 'Backspace' && !text && field) {
      setField(null);
    } else {
      setOpen(true);
    }
  };
  const removeFilter = (name: string): void => {
    const filters = { ...value.filters };
    delete filters[name];
    onChange({ search: value.search, filters });
  };
  const editFilter = (name: string): void => {
    const option = options.find((o) => o.value === name);
    if (option?.choices?.length) return;
    setField(option ?? { value: name, label: name });
    setText(value.filters[name] ?? '');
    removeFilter(name);
    input.current?.focus();
  };
  const editSearch = (s: string): void => {
    onChange({ search: value.search.filter((x) => x !== s), filters: value.filters });
    setText(s);
    input.current?.focus();
  };

  return (
    <div
      className="relative flex-1"
      style={{ minWidth: '16rem', maxWidth: '40rem' }}
      data-testid="tag-search"
    >
      <div
        className="p-inputtext flex flex-wrap align-items-center gap-1 py-1 px-2"
        style={{ minHeight: '2.5rem' }}
      >
        <i className="pi pi-search text-color-secondary mr-1" />
        {Object.entries(value.filters).map(([name, v]) => (
          <Tag
            key={`f-${name}`}
            label={tagLabel(options, name, v)}
            onRemove={() => removeFilter(name)}
            onClick={() => editFilter(name)}
            testId={`tag-${name}`}
          />
        ))}
        {value.search.map((s) => (
          <Tag
            key={`s-${s}`}
            label={s}
            onRemove={() => onChange({ search: value.search.filter((x) => x !== s), filters: value.filters })}
            onClick={() => editSearch(s)}
            testId="tag-search-text"
          />
        ))}
        {field ? <span className="text-sm font-semibold text-primary">{field.label}:</span> : null}
        <InputText
          ref={input}
          value={text}
          unstyled
          className="flex-1 border-none outline-none bg-transparent p-1"
          style={{ minWidth: '6rem' }}
          placeholder={field ? t('search.valuePlaceholder') : (placeholder ?? t('search.placeholder'))}
          aria-label={t('search.placeholder')}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKey}
          data-testid="tag-search-input"
        />
      </div>
      {open && listed.length > 0 ? (
        <ul
          role="listbox"
          className="absolute z-5 surface-overlay border-1 surface-border border-round shadow-2 list-none m-0 p-1 w-full overflow-auto"
          style={{ maxHeight: '16rem', top: '100%' }}
        >
          {listed.map((o) => (
            <li
              key={o.value}
              role="option"
              aria-selected={false}
              className="p-2 border-round cursor-pointer hover:surface-hover"
              onMouseDown={(e) => {
                e.preventDefault();
                pick(o.value);
              }}
              data-testid={field ? `tag-search-choice-${o.value}` : `tag-search-option-${o.value}`}
            >
              {o.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A closable tag in the theme's chip style (no extra module). */
function Tag({
  label,
  onRemove,
  onClick,
  testId,
}: {
  label: string;
  onRemove: () => void;
  onClick: () => void;
  testId: string;
}) {
  return (
    <span className="p-chip p-component text-sm py-0 cursor-pointer" data-testid={testId}>
      <span className="p-chip-text" onClick={onClick}>
        {label}
      </span>
      <i
        className="pi pi-times-circle p-chip-remove-icon ml-2"
        role="button"
        tabIndex={0}
        aria-label="remove"
        onClick={(e) => {
          e.stopPropagation();
          onRemove();
        }}
        onKeyDown={(e) => e.key === 'Enter' && onRemove()}
      />
    </span>
  );
}

export default TagSearch;
