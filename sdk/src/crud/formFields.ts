import type { ReactNode } from 'react';
import type { FieldMeta, FieldsMeta } from './metadata';

export type Widget =
  | 'input'
  | 'email'
  | 'password'
  | 'textarea'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'radio'
  | 'multiselect'
  | 'datetime'
  | 'date'
  | 'relation'
  | 'json'
  | 'nested'
  | 'chips'
  | 'custom';

/** A remote, paged select over a list URL (relations: fk → one, m2m → many). */
export interface RelationConfig {
  url: string;
  multiple?: boolean;
  /** Row → option label (default name, then username, then id). */
  label?: (row: Record<string, unknown>) => string;
  /** Row → option value (default id). */
  value?: (row: Record<string, unknown>) => string;
  /** Extra list parameters (e.g. `{ fields_size: 'mini', order: 'name' }`). */
  params?: Record<string, string | number>;
}

/** What a custom field component receives. */
export interface CustomFieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  values: Record<string, unknown>;
  disabled: boolean;
  invalid: boolean;
  id: string;
}

/** Per-field overrides a page gives in `fieldsMeta` (docs/crud.md#form-page). */
export interface FieldOverride {
  label?: string;
  helpText?: string;
  widget?: Widget;
  required?: boolean;
  readOnly?: boolean;
  choices?: readonly { value: string | number | boolean; label: string }[];
  relation?: RelationConfig;
  /** Hidden when it returns true for the current values (e.g. `password` unless strategy is custom). */
  hidden?: (values: Record<string, unknown>) => boolean;
  /** A custom control; `widget` becomes `custom`. */
  component?: (props: CustomFieldProps) => ReactNode;
  /** Nested object sub-fields (order and overrides of `children`). */
  fields?: readonly string[];
  fieldsMeta?: Readonly<Record<string, FieldOverride>>;
  /** Extra validator: return a message (already translated) or null. */
  validate?: (value: unknown, values: Record<string, unknown>) => string | null;
  /** Client default when the server gives none. */
  default?: unknown;
}

export interface FormFieldSpec {
  name: string;
  label: string;
  helpText?: string;
  widget: Widget;
  required: boolean;
  readOnly: boolean;
  /**
   * When the required rule runs: blur for text inputs, change for every other control
   * (docs/crud.md#form-page).
   */
  trigger: 'blur' | 'change';
  maxLength?: number;
  min?: number;
  max?: number;
  choices?: readonly { value: string | number | boolean; label: string }[];
  relation?: RelationConfig;
  children?: FormFieldSpec[];
  hidden?: (values: Record<string, unknown>) => boolean;
  component?: (props: CustomFieldProps) => ReactNode;
  validate?: (value: unknown, values: Record<string, unknown>) => string | null;
  meta?: FieldMeta;
}

export interface FormGroup {
  /** An i18n key of the plugin (or plain text); absent for an untitled group. */
  title?: string;
  fields: FormFieldSpec[];
}

/** `fields` of a form page: names, or `[groupTitle, names]` groups. */
export type FieldsLayout = readonly (string | readonly [string, readonly string[]])[];

/**
 * Choice fields with more than this many choices are a filterable select, else radios
 * (docs/crud.md#form-page).
 */
export const RADIO_MAX_CHOICES = 4;

/** The widget for a field from its name and metadata (docs/crud.md#form-page). */
export function widgetOf(name: string, meta: FieldMeta | undefined, override?: FieldOverride): Widget {
  if (override?.component) return 'custom';
  if (override?.widget) return override.widget;
  if (override?.relation) return 'relation';
  const type = meta?.type ?? 'string';
  if (name === 'email' || type === 'email') return 'email';
  if (name === 'password') return 'password';
  if (name === 'comment') return 'textarea';
  switch (type) {
    case 'boolean':
      return 'checkbox';
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    case 'choice':
      return (meta?.choices?.length ?? 0) > RADIO_MAX_CHOICES ? 'select' : 'radio';
    case 'multiple choice':
      return 'multiselect';
    case 'nested object':
      return meta?.children ? 'nested' : 'json';
    case 'json':
      return 'json';
    case 'list':
      return meta?.child?.choices ? 'multiselect' : 'chips';
    case 'field':
      return 'input';
    case 'string':
      if (meta?.write_only) return 'password';
      return meta?.max_length ? 'input' : 'textarea';
    default:
      return 'input';
  }
}

const BLUR_WIDGETS: ReadonlySet<Widget> = new Set([
  'input',
  'email',
  'password',
  'textarea',
  'number',
  'json',
]);

/** One field spec from metadata + override. */
export function fieldSpec(
  name: string,
  meta: FieldMeta | undefined,
  override: FieldOverride = {},
): FormFieldSpec {
  const widget = widgetOf(name, meta, override);
  const spec: FormFieldSpec = {
    name,
    label: override.label ?? meta?.label ?? name,
    widget,
    required: override.required ?? meta?.required === true,
    readOnly: override.readOnly ?? meta?.read_only === true,
    trigger: BLUR_WIDGETS.has(widget) ? 'blur' : 'change',
  };
  const help = override.helpText ?? meta?.help_text;
  if (help) spec.helpText = help;
  if (meta?.max_length) spec.maxLength = meta.max_length;
  if (meta?.min_value !== undefined) spec.min = meta.min_value;
  if (meta?.max_value !== undefined) spec.max = meta.max_value;
  const choices =
    override.choices ??
    (meta?.choices ?? meta?.child?.choices)?.map((c) => ({ value: c.value, label: c.display_name }));
  if (choices) spec.choices = choices;
  if (override.relation) {
    spec.relation = {
      ...override.relation,
      multiple: override.relation.multiple ?? (meta?.type === 'list' || Array.isArray(meta?.default)),
    };
  }
  if (widget === 'nested' && meta?.children) {
    const names = override.fields ?? Object.keys(meta.children).filter((n) => !meta.children![n]!.read_only);
    spec.children = names.map((n) => fieldSpec(n, meta.children![n], override.fieldsMeta?.[n]));
  }
  if (override.hidden) spec.hidden = override.hidden;
  if (override.component) spec.component = override.component;
  if (override.validate) spec.validate = override.validate;
  if (meta) spec.meta = meta;
  return spec;
}

/**
 * Form groups from `actions.POST|PUT` metadata (docs/crud.md#form-page): the layout's names in order (grouped
 * or not); without a layout every writable field in one group. Names the metadata does not know are kept only
 * when an override describes them (a page-only control); read-only fields are dropped unless overridden.
 */
export function buildFormGroups(input: {
  meta: FieldsMeta;
  fields?: FieldsLayout;
  fieldsMeta?: Readonly<Record<string, FieldOverride>>;
}): FormGroup[] {
  const overrides = input.fieldsMeta ?? {};
  const layout: FieldsLayout =
    input.fields ?? Object.keys(input.meta).filter((n) => !input.meta[n]!.read_only && n !== 'id');
  const make = (names: readonly string[]): FormFieldSpec[] =>
    names.flatMap((name) => {
      const meta = input.meta[name];
      const override = overrides[name];
      if (!meta && !override) return [];
      if (meta?.read_only && override?.readOnly === undefined && !override?.component) return [];
      return [fieldSpec(name, meta, override)];
    });
  const groups: FormGroup[] = [];
  let loose: string[] = [];
  const flush = (): void => {
    if (loose.length) groups.push({ fields: make(loose) });
    loose = [];
  };
  for (const entry of layout) {
    if (typeof entry === 'string') loose.push(entry);
    else {
      flush();
      groups.push({ title: entry[0], fields: make(entry[1]) });
    }
  }
  flush();
  return groups.filter((g) => g.fields.length > 0);
}

export function allFields(groups: readonly FormGroup[]): FormFieldSpec[] {
  return groups.flatMap((g) => g.fields);
}

/** Validation message keys of the `crud` namespace (docs/crud.md#form-page). */
export type ValidationKey = 'validation.required' | 'validation.email' | 'validation.json';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Built-in rules: required, email format, JSON must parse. Returns a `crud` key or null. */
export function validateValue(spec: FormFieldSpec, value: unknown): ValidationKey | null {
  if (spec.required && spec.widget !== 'checkbox' && isEmpty(value)) return 'validation.required';
  if (isEmpty(value)) return null;
  if (spec.widget === 'email' && typeof value === 'string' && !EMAIL.test(value.trim()))
    return 'validation.email';
  if (spec.widget === 'json' && typeof value === 'string') {
    try {
      JSON.parse(value);
    } catch {
      return 'validation.json';
    }
  }
  return null;
}

/**
 * Initial values: the page's `initial`, then the loaded object (update/clone), then metadata defaults and
 * override defaults for what is still unset. JSON fields are edited as text.
 */
export function initialValues(
  groups: readonly FormGroup[],
  input: { object?: Record<string, unknown> | null; initial?: Record<string, unknown> },
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const visit = (
    specs: readonly FormFieldSpec[],
    source: Record<string, unknown>,
    target: Record<string, unknown>,
  ): void => {
    for (const spec of specs) {
      let v = source[spec.name];
      if (v === undefined) v = input.initial?.[spec.name];
      if (v === undefined && spec.meta?.default !== undefined) v = spec.meta.default;
      if (spec.widget === 'nested' && spec.children) {
        const sub: Record<string, unknown> = {};
        visit(spec.children, v && typeof v === 'object' ? (v as Record<string, unknown>) : {}, sub);
        target[spec.name] = sub;
        continue;
      }
      if (spec.widget === 'json' && v !== undefined && typeof v !== 'string') v = JSON.stringify(v, null, 2);
      if (spec.widget === 'password') v = '';
      if (v !== undefined) target[spec.name] = v;
    }
  };
  visit(allFields(groups), input.object ?? {}, values);
  return values;
}

/**
 * Values to send: hidden and read-only fields dropped, JSON text parsed, empty passwords dropped (blank =
 * unchanged on update), nested objects cleaned recursively.
 */
export function cleanValues(
  groups: readonly FormGroup[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const clean = (
    specs: readonly FormFieldSpec[],
    source: Record<string, unknown>,
  ): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const spec of specs) {
      if (spec.readOnly || spec.hidden?.(values)) continue;
      let v = source[spec.name];
      if (v === undefined) continue;
      if (spec.widget === 'password' && isEmpty(v)) continue;
      if (spec.widget === 'json' && typeof v === 'string') {
        if (!v.trim()) continue;
        try {
          v = JSON.parse(v);
        } catch {
          // Validation already refused it; send as typed.
        }
      }
      if (spec.widget === 'nested' && spec.children && v && typeof v === 'object') {
        v = clean(spec.children, v as Record<string, unknown>);
      }
      out[spec.name] = v;
    }
    return out;
  };
  return clean(allFields(groups), values);
}

/**
 * The clone of an object (docs/crud.md#form-page): writable values copied, name/hostname prefixed with the
 * clone label.
 */
export function cloneObject(object: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...object };
  delete copy.id;
  for (const key of ['name', 'hostname']) {
    if (typeof copy[key] === 'string') copy[key] = `${prefix} ${copy[key] as string}`;
  }
  return copy;
}
