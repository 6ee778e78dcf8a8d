/**
 * Server 400 bodies (docs/http.md#error-bodies) onto form fields (docs/crud.md#form-page): `{field: ["a",
 * "b"]}` → `{field: "a; b"}`; nested objects are flattened into text on their top-level field; a bare array
 * or `detail`/`error` text becomes the form-level message.
 */
export interface MappedErrors {
  fields: Record<string, string>;
  /** non_field_errors, detail, error, msg or a bare list: shown above the form. */
  form: string | null;
}

const FORM_KEYS = new Set(['non_field_errors', 'detail', 'error', 'msg', 'code']);

/** Any error value as one line: strings as is, lists joined with "; ", objects as "key: text" pairs. */
export function errorText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(errorText).filter(Boolean).join('; ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const text = errorText(v);
        return text ? `${k}: ${text}` : '';
      })
      .filter(Boolean)
      .join('; ');
  }
  return String(value);
}

export function mapServerErrors(body: unknown, knownFields?: ReadonlySet<string>): MappedErrors {
  const out: MappedErrors = { fields: {}, form: null };
  if (body === null || body === undefined || body === '') return out;
  if (typeof body === 'string' || Array.isArray(body)) {
    out.form = errorText(body) || null;
    return out;
  }
  if (typeof body !== 'object') return out;
  const formParts: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    // `code` as a string is the error's machine code; as a list it is the errors of a field named code
    // (a one-time code, a verification code).
    const fieldNamedCode = key === 'code' && Array.isArray(value);
    if (key === 'code' && !fieldNamedCode) continue;
    const text = errorText(value);
    if (!text) continue;
    if ((FORM_KEYS.has(key) && !fieldNamedCode) || (knownFields && !knownFields.has(key))) {
      formParts.push(FORM_KEYS.has(key) ? text : `${key}: ${text}`);
    } else {
      out.fields[key] = text;
    }
  }
  out.form = formParts.length ? formParts.join('; ') : null;
  return out;
}

/**
 * An import row's errors as "column: message" lines (docs/crud.md#import), the column named by its title from
 * the preview (`[label, field]` pairs) when known.
 */
export function importErrorLines(body: unknown, titles: readonly (readonly [string, string])[]): string[] {
  if (body === null || body === undefined) return [];
  if (typeof body !== 'object' || Array.isArray(body)) {
    const text = errorText(body);
    return text ? [text] : [];
  }
  const labelOf = new Map(titles.map(([label, field]) => [field, label.replace(/^\*/, '')]));
  const lines: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'code') continue;
    const text = errorText(value);
    if (!text) continue;
    if (FORM_KEYS.has(key)) lines.push(text);
    else lines.push(`${labelOf.get(key) ?? key}: ${text}`);
  }
  return lines;
}
