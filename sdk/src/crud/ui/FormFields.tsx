import type { ReactNode } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { Chips } from 'primereact/chips';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import type { FormFieldSpec, FormGroup } from '../formFields';
import { DateField } from './DateField';
import { RelationSelect } from './RelationSelect';

export interface FormFieldsProps {
  groups: readonly FormGroup[];
  values: Record<string, unknown>;
  errors: Readonly<Record<string, string>>;
  onChange: (path: string, value: unknown) => void;
  onBlur: (path: string) => void;
  /** Translate a page-provided label or group title (plugin key or text). */
  translate: (key: string) => string;
  disabled?: boolean;
  /** Rendered left of each field (the bulk update dialog's tick boxes). */
  prefix?: (spec: FormFieldSpec) => ReactNode;
}

function get(values: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      values,
    );
}

/** The generated controls of docs/crud.md#form-page, grouped with titles. */
export function FormFields(props: FormFieldsProps) {
  return (
    <div className="flex flex-column gap-4">
      {props.groups.map((group, gi) => (
        <fieldset key={`${group.title ?? ''}-${gi}`} className="border-none p-0 m-0 flex flex-column gap-3">
          {group.title ? (
            <legend className="text-lg font-semibold pb-2 mb-2 border-bottom-1 surface-border w-full">
              {props.translate(group.title)}
            </legend>
          ) : null}
          {group.fields.map((spec) => (
            <FieldRow key={spec.name} spec={spec} path={spec.name} {...props} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function FieldRow(props: FormFieldsProps & { spec: FormFieldSpec; path: string }) {
  const { spec, path, values, errors } = props;
  if (spec.hidden?.(values)) return null;
  const error = errors[path];
  const id = `field-${path.replace(/\./g, '-')}`;
  const label = props.translate(spec.label);
  if (spec.widget === 'nested' && spec.children) {
    return (
      <div className="flex flex-column gap-2" id={id}>
        <span className="font-semibold">{label}</span>
        <div className="pl-3 border-left-2 surface-border flex flex-column gap-3">
          {spec.children.map((child) => (
            <FieldRow key={child.name} {...props} spec={child} path={`${path}.${child.name}`} />
          ))}
        </div>
        {error ? (
          <small className="p-error" data-testid={`error-${path}`}>
            {error}
          </small>
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid align-items-start m-0" data-field={path}>
      <label htmlFor={id} className="col-12 md:col-3 p-0 pt-2 md:pr-3 md:text-right font-medium">
        {props.prefix?.(spec)}
        {spec.required ? <span className="text-red-500 mr-1">*</span> : null}
        {label}
      </label>
      <div className="col-12 md:col-9 p-0 flex flex-column gap-1">
        <Control {...props} id={id} />
        {error ? (
          <small className="p-error" data-testid={`error-${path}`}>
            {error}
          </small>
        ) : spec.helpText ? (
          <small className="text-color-secondary">{props.translate(spec.helpText)}</small>
        ) : null}
      </div>
    </div>
  );
}

function Control(props: FormFieldsProps & { spec: FormFieldSpec; path: string; id: string }) {
  const { spec, path, id } = props;
  const value = get(props.values, path);
  const invalid = Boolean(props.errors[path]);
  const disabled = props.disabled || spec.readOnly;
  const change = (v: unknown): void => props.onChange(path, v);
  const blur = (): void => props.onBlur(path);
  const testId = `field-${path}`;
  const text = value === null || value === undefined ? '' : String(value);
  switch (spec.widget) {
    case 'custom': {
      // Rendered as an element (not called): a custom control may use hooks.
      const Custom = spec.component;
      return Custom ? (
        <Custom
          value={value}
          onChange={change}
          values={props.values}
          disabled={Boolean(disabled)}
          invalid={invalid}
          id={id}
        />
      ) : null;
    }
    case 'email':
    case 'input':
    case 'password':
      return (
        <InputText
          id={id}
          type={spec.widget === 'input' ? 'text' : spec.widget}
          value={text}
          maxLength={spec.maxLength}
          autoComplete={spec.widget === 'password' ? 'new-password' : 'off'}
          disabled={disabled}
          invalid={invalid}
          onChange={(e) => change(e.target.value)}
          onBlur={blur}
          data-testid={testId}
        />
      );
    case 'number':
      return (
        <InputText
          id={id}
          type="number"
          value={text}
          min={spec.min}
          max={spec.max}
          disabled={disabled}
          invalid={invalid}
          onChange={(e) => change(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={blur}
          data-testid={testId}
        />
      );
    case 'textarea':
    case 'json':
      return (
        <InputTextarea
          id={id}
          rows={spec.widget === 'json' ? 5 : 3}
          value={text}
          maxLength={spec.maxLength}
          disabled={disabled}
          invalid={invalid}
          className={spec.widget === 'json' ? 'font-monospace text-sm' : undefined}
          onChange={(e) => change(e.target.value)}
          onBlur={blur}
          data-testid={testId}
        />
      );
    case 'checkbox':
      return (
        <span className="pt-2">
          <Checkbox
            inputId={id}
            checked={value === true}
            disabled={disabled}
            onChange={(e) => change(Boolean(e.checked))}
            data-testid={testId}
          />
        </span>
      );
    case 'radio':
      return (
        <div className="flex flex-wrap gap-3 pt-2" data-testid={testId}>
          {(spec.choices ?? []).map((c) => (
            <span key={String(c.value)} className="flex align-items-center gap-1">
              <RadioButton
                inputId={`${id}-${String(c.value)}`}
                checked={String(value) === String(c.value)}
                disabled={disabled}
                onChange={() => change(c.value)}
                data-testid={`${testId}-${String(c.value)}`}
              />
              <label htmlFor={`${id}-${String(c.value)}`}>{c.label}</label>
            </span>
          ))}
        </div>
      );
    case 'select':
      return (
        <Dropdown
          inputId={id}
          value={value ?? null}
          options={[...(spec.choices ?? [])]}
          optionLabel="label"
          optionValue="value"
          filter
          showClear={!spec.required}
          disabled={disabled}
          invalid={invalid}
          onChange={(e) => change(e.value)}
          className="w-full"
          data-testid={testId}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          inputId={id}
          value={Array.isArray(value) ? value : []}
          options={[...(spec.choices ?? [])]}
          optionLabel="label"
          optionValue="value"
          filter
          display="chip"
          disabled={disabled}
          invalid={invalid}
          onChange={(e) => change(e.value)}
          className="w-full"
          data-testid={testId}
        />
      );
    case 'chips':
      return (
        <Chips
          inputId={id}
          value={Array.isArray(value) ? value.map(String) : []}
          separator=","
          disabled={disabled}
          invalid={invalid}
          onChange={(e) => change(e.value ?? [])}
          className="w-full"
          data-testid={testId}
        />
      );
    case 'datetime':
    case 'date':
      return (
        <DateField
          id={id}
          value={value}
          withTime={spec.widget === 'datetime'}
          disabled={disabled}
          invalid={invalid}
          onChange={change}
          onBlur={blur}
          testId={testId}
        />
      );
    case 'relation':
      return spec.relation ? (
        <RelationSelect
          id={id}
          config={spec.relation}
          value={value}
          disabled={disabled}
          invalid={invalid}
          onChange={change}
          onBlur={blur}
          testId={testId}
        />
      ) : null;
    default:
      return null;
  }
}

export default FormFields;
