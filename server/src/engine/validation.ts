import net from 'node:net';
import type { FieldDeclaration, FieldErrors, Language, StoredRow } from './declaration';
import type { CompiledResource } from './compile';
import { message, pythonType } from './messages';
import { normalizeUuid, parseBoolean, parseDateTime } from './values';

/** Every string is capped even without max_length (text fields), so no input can balloon the database. */
const TEXT_HARD_LIMIT = 1_000_000;
/** Items of one m2m list accepted in one request. */
const M2M_LIMIT = 100_000;

export type WriteMode = 'create' | 'update' | 'partial';

export interface ValidationServices {
  lang: Language;
  /** Which of these ids exist in the target resource (fk/m2m checks, in the current org scope). */
  existingIds(to: string, ids: readonly string[]): Set<string>;
  /** Another row already holds this value (unique / unique per org). */
  uniqueTaken(field: string, value: unknown, exceptId: string | null): boolean;
  /** Fields the requester may not see or write (fieldPermissions). */
  hidden: ReadonlySet<string>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Fields a client may send. */
export function writableFields(resource: CompiledResource): Array<[string, FieldDeclaration]> {
  return [...resource.fields].filter(
    ([name, field]) =>
      !field.readOnly &&
      (field.virtual === true || (field.compute === undefined && field.computeMany === undefined)) &&
      name !== 'org_id' &&
      name !== 'org_name',
  );
}

/** A fresh default per use (list defaults are copied, never shared between rows). */
function defaultOf(field: FieldDeclaration): unknown {
  const value = typeof field.default === 'function' ? field.default() : field.default;
  return Array.isArray(value) ? structuredClone(value) : value;
}

type Outcome = { ok: true; value: unknown } | { ok: false; errors: string[] | FieldErrors };

function fail(text: string): Outcome {
  return { ok: false, errors: [text] };
}

function cleanScalar(field: FieldDeclaration, raw: unknown, lang: Language): Outcome {
  const t = (key: Parameters<typeof message>[0], values?: Record<string, string | number>) =>
    fail(message(key, lang, values));
  switch (field.kind) {
    case 'string':
    case 'text':
    case 'email':
    case 'ip':
    case 'uuid': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return t('invalidString');
      // DRF trims surrounding whitespace of CharFields.
      const text = String(raw).trim();
      if (text === '') {
        if (field.required && !field.nullable) return t('blank');
        return { ok: true, value: field.nullable ? null : '' };
      }
      const max = field.maxLength ?? TEXT_HARD_LIMIT;
      if (text.length > max) return t('maxLength', { n: max });
      if (field.minLength !== undefined && text.length < field.minLength)
        return t('minLength', { n: field.minLength });
      if (field.kind === 'email' && !EMAIL.test(text)) return t('invalidEmail');
      if (field.kind === 'ip' && net.isIP(text) === 0) return t('invalidIp');
      if (field.kind === 'uuid') {
        const uuid = normalizeUuid(text);
        return uuid ? { ok: true, value: uuid } : t('invalidUuid');
      }
      return { ok: true, value: text };
    }
    case 'integer':
    case 'float': {
      const text = typeof raw === 'string' ? raw.trim() : raw;
      const number =
        typeof text === 'number'
          ? text
          : typeof text === 'string' && text !== '' && text.length < 40
            ? Number(text)
            : NaN;
      if (
        !Number.isFinite(number) ||
        (field.kind === 'integer' && !Number.isInteger(number)) ||
        typeof raw === 'boolean'
      )
        return t(field.kind === 'integer' ? 'invalidInteger' : 'invalidNumber');
      if (field.kind === 'integer' && !Number.isSafeInteger(number)) return t('invalidInteger');
      if (field.maxValue !== undefined && number > field.maxValue)
        return t('maxValue', { n: field.maxValue });
      if (field.minValue !== undefined && number < field.minValue)
        return t('minValue', { n: field.minValue });
      return { ok: true, value: number };
    }
    case 'boolean': {
      const value = parseBoolean(raw);
      return value === null ? t('invalidBoolean') : { ok: true, value };
    }
    case 'datetime': {
      if (typeof raw !== 'string') return t('invalidDatetime');
      const ms = parseDateTime(raw);
      return ms === null ? t('invalidDatetime') : { ok: true, value: ms };
    }
    case 'date': {
      if (
        typeof raw !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}$/.test(raw.trim()) ||
        !Number.isFinite(Date.parse(raw.trim()))
      )
        return t('invalidDate');
      return { ok: true, value: raw.trim() };
    }
    case 'choice': {
      const choice = field.choices?.find((c) => String(c.value) === String(raw));
      if (!choice || (typeof raw !== 'string' && typeof raw !== 'number'))
        return t('invalidChoice', {
          value: typeof raw === 'string' ? raw.slice(0, 100) : String(raw).slice(0, 100),
        });
      return { ok: true, value: choice.value };
    }
    case 'multiple_choice': {
      if (!Array.isArray(raw)) return t('notAList', { type: pythonType(raw) });
      const values: Array<string | number> = [];
      for (const item of raw) {
        const choice = field.choices?.find((c) => String(c.value) === String(item));
        if (!choice) return t('invalidChoice', { value: String(item).slice(0, 100) });
        values.push(choice.value);
      }
      return { ok: true, value: values };
    }
    case 'json':
      if (JSON.stringify(raw).length > TEXT_HARD_LIMIT) return t('maxLength', { n: TEXT_HARD_LIMIT });
      return { ok: true, value: raw };
    default:
      return { ok: true, value: raw };
  }
}

function cleanNested(field: FieldDeclaration, raw: unknown, mode: WriteMode, lang: Language): Outcome {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail(message('notADict', lang, { type: pythonType(raw) }));
  const input = raw as Record<string, unknown>;
  const errors: FieldErrors = {};
  const value: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(field.children ?? {})) {
    if (child.readOnly) continue;
    const outcome = cleanField(child, input[name], name in input, mode, lang);
    if (outcome === null) continue;
    if (outcome.ok) value[name] = outcome.value;
    else errors[name] = outcome.errors;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value };
}

/** null = nothing to store (absent on a partial update, or absent without default). */
function cleanField(
  field: FieldDeclaration,
  raw: unknown,
  present: boolean,
  mode: WriteMode,
  lang: Language,
): Outcome | null {
  if (!present) {
    if (mode === 'partial') return null;
    if (field.default !== undefined) return { ok: true, value: defaultOf(field) };
    if (field.required) return fail(message('required', lang));
    return null;
  }
  if (raw === null) {
    if (field.nullable) return { ok: true, value: null };
    // DRF: a null for an optional non-nullable field is still an error.
    return fail(message('null', lang));
  }
  if (field.kind === 'nested') return cleanNested(field, raw, mode, lang);
  return cleanScalar(field, raw, lang);
}

/**
 * Per-field validation of one object in DRF's manner: unknown fields ignored, read-only fields ignored,
 * errors keyed by field (nested for nested objects). fk/m2m ids are checked to exist; unique fields to be
 * free. Returns the clean values keyed by field name (datetimes as epoch ms, json as values).
 */
export function validateObject(
  resource: CompiledResource,
  body: unknown,
  mode: WriteMode,
  existing: StoredRow | null,
  services: ValidationServices,
): { data: StoredRow; errors: FieldErrors | null } {
  const lang = services.lang;
  if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    const type = Buffer.isBuffer(body) ? 'bytes' : pythonType(body);
    return { data: {}, errors: { non_field_errors: [message('invalidData', lang, { type })] } };
  }
  const input = body as Record<string, unknown>;
  const data: StoredRow = {};
  const errors: FieldErrors = {};
  for (const [name, field] of writableFields(resource)) {
    if (services.hidden.has(name)) continue;
    // The id is chosen on create only; on update it names the row and is never changed.
    if (name === 'id' && mode !== 'create') continue;
    if (field.kind === 'fk' || field.kind === 'm2m') {
      const outcome = cleanRelation(field, input[name], Object.hasOwn(input, name), mode, services);
      if (outcome === null) continue;
      if (outcome.ok) data[name] = outcome.value;
      else errors[name] = outcome.errors;
      continue;
    }
    const outcome = cleanField(field, input[name], Object.hasOwn(input, name), mode, lang);
    if (outcome === null) continue;
    if (outcome.ok) data[name] = outcome.value;
    else errors[name] = outcome.errors;
  }
  for (const [name, value] of Object.entries(data)) {
    const field = resource.fields.get(name);
    if (!field?.unique || value === null || value === '' || errors[name]) continue;
    if (existing && existing[name] === value) continue;
    if (services.uniqueTaken(name, value, existing ? String(existing.id) : null)) {
      errors[name] = [
        message('unique', lang, { model: resource.decl.label[lang], field: field.label[lang] }),
      ];
    }
  }
  if (
    mode === 'create' &&
    typeof data.id === 'string' &&
    !errors.id &&
    services.uniqueTaken('id', data.id, null)
  ) {
    errors.id = [message('unique', lang, { model: resource.decl.label[lang], field: 'ID' })];
  }
  return { data, errors: Object.keys(errors).length > 0 ? errors : null };
}

function relationId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== 'string' || value.length > 64) return null;
  return value.trim();
}

function cleanRelation(
  field: FieldDeclaration,
  raw: unknown,
  present: boolean,
  mode: WriteMode,
  services: ValidationServices,
): Outcome | null {
  const lang = services.lang;
  if (!present) {
    if (mode === 'partial') return null;
    if (field.default !== undefined) return { ok: true, value: defaultOf(field) };
    if (field.required) return fail(message('required', lang));
    return null;
  }
  if (field.kind === 'fk') {
    if (raw === null || raw === '') {
      if (field.nullable || !field.required) return { ok: true, value: null };
      return fail(message(raw === null ? 'null' : 'required', lang));
    }
    const id = relationId(raw);
    if (id === null) return fail(message('pkType', lang, { type: pythonType(raw) }));
    if (!field.to || !services.existingIds(field.to, [id]).has(id))
      return fail(message('pkMissing', lang, { value: id.slice(0, 64) }));
    return { ok: true, value: id };
  }
  if (!Array.isArray(raw)) return fail(message('notAList', lang, { type: pythonType(raw) }));
  if (raw.length > M2M_LIMIT) return fail(message('maxLength', lang, { n: M2M_LIMIT }));
  // A Set, not a list scan per id: a long list must cost linear time (docs/security.md).
  const unique = new Set<string>();
  for (const item of raw) {
    const id = relationId(item);
    if (id === null) return fail(message('pkType', lang, { type: pythonType(item) }));
    unique.add(id);
  }
  const ids = [...unique];
  const found = field.to ? services.existingIds(field.to, ids) : new Set<string>();
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) return fail(message('pkMissing', lang, { value: missing.slice(0, 64) }));
  return { ok: true, value: ids };
}
