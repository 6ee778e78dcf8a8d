import { useCallback, useRef, useState } from 'react';
import { allFields, validateValue, type FormFieldSpec, type FormGroup } from '../formFields';
import type { TranslateFn } from '../../react/hooks';

function setPath(values: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...values, [head!]: value };
  const inner = values[head!];
  return {
    ...values,
    [head!]: setPath(
      inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {},
      rest.join('.'),
      value,
    ),
  };
}

function getPath(values: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      values,
    );
}

/** Every leaf field with its path (nested objects expanded). */
export function fieldPaths(groups: readonly FormGroup[]): { path: string; spec: FormFieldSpec }[] {
  const out: { path: string; spec: FormFieldSpec }[] = [];
  const visit = (specs: readonly FormFieldSpec[], prefix: string): void => {
    for (const spec of specs) {
      const path = prefix ? `${prefix}.${spec.name}` : spec.name;
      if (spec.widget === 'nested' && spec.children) visit(spec.children, path);
      else out.push({ path, spec });
    }
  };
  visit(allFields(groups), '');
  return out;
}

/** Form state with the validation triggers of docs/crud.md#form-page (blur for inputs, change otherwise). */
export function useFormState(groups: readonly FormGroup[], t: TranslateFn, translate: (k: string) => string) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const valuesRef = useRef(values);

  const specOf = useCallback(
    (path: string) => fieldPaths(groups).find((f) => f.path === path)?.spec,
    [groups],
  );
  const check = useCallback(
    (path: string, value: unknown, all: Record<string, unknown>): string | null => {
      const spec = specOf(path);
      if (!spec || spec.hidden?.(all)) return null;
      const key = validateValue(spec, value);
      if (key) return t(key);
      const custom = spec.validate ? spec.validate(value, all) : null;
      return custom ? translate(custom) : null;
    },
    [specOf, t, translate],
  );
  const setError = (path: string, message: string | null): void =>
    setErrors((e) => {
      if ((e[path] ?? null) === message) return e;
      const n = { ...e };
      if (message) n[path] = message;
      else delete n[path];
      return n;
    });

  const onChange = (path: string, value: unknown): void => {
    const next = setPath(valuesRef.current, path, value);
    valuesRef.current = next;
    setValues(next);
    const spec = specOf(path);
    if (spec?.trigger === 'change' || errors[path]) setError(path, check(path, value, next));
  };
  const onBlur = (path: string): void =>
    setError(path, check(path, getPath(valuesRef.current, path), valuesRef.current));

  /** Validate everything; returns the errors (empty when valid). */
  const validateAll = (): Record<string, string> => {
    const found: Record<string, string> = {};
    for (const { path } of fieldPaths(groups)) {
      const message = check(path, getPath(valuesRef.current, path), valuesRef.current);
      if (message) found[path] = message;
    }
    setErrors(found);
    return found;
  };
  const reset = (initial: Record<string, unknown>): void => {
    valuesRef.current = initial;
    setValues(initial);
    setErrors({});
  };
  return { values, errors, setErrors, onChange, onBlur, validateAll, reset };
}

/** Scroll to the first field with an error (docs/crud.md#form-page). */
export function scrollToFirstError(root: HTMLElement | null, errors: Readonly<Record<string, string>>): void {
  const first = Object.keys(errors)[0];
  if (!first || !root) return;
  const el =
    root.querySelector<HTMLElement>(`[data-field="${first}"]`) ??
    root.querySelector<HTMLElement>(`#field-${first.replace(/\./g, '-')}`);
  el?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  el?.querySelector<HTMLElement>('input, textarea')?.focus?.({ preventScroll: true });
}
