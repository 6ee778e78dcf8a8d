import type { FieldDeclaration, Language, RequestContext } from './declaration';
import type { EngineResource } from './runtime';

/**
 * DRF metadata (OPTIONS) in the shape of docs/http.md#metadata-options: top-level keys, then per method the
 * fields with
 * `type, required, default, read_only, label, help_text, min/max, write_only, children, choices` and, under
 * GET, `filter`/`order`. Labels, help texts and choice names are in the request language.
 *
 * OPTIONS needs a signed-in user but not the resource permission, like v2.21's RBACPermission (which
 * always allows the `metadata` action): it reveals the form, not data. Fields hidden by
 * `fieldPermissions` are left out for requesters without that permission.
 */
const RENDERS = ['application/json', 'text/csv', 'application/xlsx'];
const PARSES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/csv',
  'text/xlsx',
  '*/*',
];

type FieldInfo = Record<string, unknown>;

/** Computed values of these kinds are typed model properties (is_valid, users_amount): DRF reports the type. */
const TYPED_COMPUTED = new Set(['boolean', 'integer', 'float', 'datetime', 'date', 'choice']);

function drfType(name: string, field: FieldDeclaration): string {
  const computed = (field.compute || field.computeMany) && !field.virtual;
  // Other computed values are method fields, which DRF reports as plain "field".
  if (computed && !TYPED_COMPUTED.has(field.kind)) return 'field';
  switch (field.kind) {
    case 'string':
    case 'text':
    case 'uuid':
    case 'ip':
      return 'string';
    case 'email':
      return 'email';
    case 'integer':
      return 'integer';
    case 'float':
      return 'float';
    case 'boolean':
      return 'boolean';
    case 'datetime':
      return 'datetime';
    case 'date':
      return 'date';
    case 'choice':
      return 'choice';
    case 'multiple_choice':
      return 'multiple choice';
    case 'nested':
      return 'nested object';
    default:
      return name === 'id' ? 'string' : 'field';
  }
}

function fieldInfo(name: string, field: FieldDeclaration, lang: Language): FieldInfo {
  const readOnly =
    field.readOnly === true ||
    (!field.virtual && (field.compute !== undefined || field.computeMany !== undefined));
  const info: FieldInfo = { type: drfType(name, field), required: field.required === true && !readOnly };
  if (field.default !== undefined && typeof field.default !== 'function') info.default = field.default;
  info.read_only = readOnly;
  info.label = field.label[lang];
  if (field.helpText && field.helpText[lang] !== '') info.help_text = field.helpText[lang];
  if (field.minLength !== undefined) info.min_length = field.minLength;
  if (field.maxLength !== undefined && field.kind !== 'text') info.max_length = field.maxLength;
  if (field.minValue !== undefined) info.min_value = field.minValue;
  if (field.maxValue !== undefined) info.max_value = field.maxValue;
  info.write_only = field.writeOnly === true;
  if (field.kind === 'nested' && field.children) {
    const children: Record<string, FieldInfo> = {};
    for (const [childName, child] of Object.entries(field.children))
      children[childName] = fieldInfo(childName, child, lang);
    info.children = children;
  }
  // Unlike stock DRF, choices are listed on read-only fields too; never on relations.
  if (field.choices && field.kind !== 'fk' && field.kind !== 'm2m')
    info.choices = field.choices.map((choice) => ({ value: choice.value, display_name: choice.label[lang] }));
  return info;
}

export function metadata(
  resource: EngineResource,
  ctx: RequestContext,
  detail: boolean,
): Record<string, unknown> {
  const decl = resource.declaration;
  const lang = ctx.language;
  const hidden = resource.hiddenFields(ctx);
  const disabled = new Set(decl.disabledActions ?? []);
  const filters = new Set([...decl.filterFields, ...Object.keys(decl.customFilters ?? {})]);
  const ordering = new Set(decl.orderingFields);
  const describe = (method: string): Record<string, FieldInfo> => {
    const out: Record<string, FieldInfo> = {};
    for (const [name, field] of resource.compiled.fields) {
      if (hidden.has(name)) continue;
      const info = fieldInfo(name, field, lang);
      if (method === 'GET') {
        if (filters.has(name)) info.filter = true;
        if (ordering.has(name)) info.order = true;
      }
      out[name] = info;
      const displayName = `${name}_display`;
      if (
        field.display &&
        field.choices &&
        !resource.compiled.fields.has(displayName) &&
        !hidden.has(displayName)
      ) {
        out[displayName] = {
          type: 'field',
          required: false,
          read_only: true,
          label: field.label[lang],
          write_only: false,
        };
      }
    }
    return out;
  };
  const actions: Record<string, Record<string, FieldInfo>> = {};
  const methods = detail ? ['PUT', 'PATCH', 'GET'] : ['POST', 'PUT', 'PATCH', 'GET'];
  for (const method of methods) {
    if (method === 'POST' && disabled.has('add') && decl.describesPost?.(ctx) !== true) continue;
    if ((method === 'PUT' || method === 'PATCH') && disabled.has('change')) continue;
    if (method === 'GET' && disabled.has('view')) continue;
    actions[method] = describe(method);
  }
  return {
    name: `${decl.label.en} ${detail ? 'Instance' : 'List'}`,
    description: '',
    renders: RENDERS,
    parses: PARSES,
    actions,
  };
}

/**
 * The metadata of a read-only view over a resource (the permission views' lists, docs/http.md#metadata-options):
 * GET only, with the resource's own description of the fields the view answers, plus the view's own fields
 * (`extra`, already in the request language). A generic client renders its table from it like any list's.
 */
export function viewMetadata(
  resource: EngineResource,
  ctx: RequestContext,
  fields: ReadonlySet<string>,
  extra: Readonly<Record<string, FieldInfo>> = {},
): Record<string, unknown> {
  const full = metadata(resource, ctx, false);
  const get = (full.actions as Record<string, Record<string, FieldInfo>>).GET ?? {};
  const out: Record<string, FieldInfo> = {};
  for (const [name, info] of Object.entries(get)) if (fields.has(name)) out[name] = info;
  return { ...full, actions: { GET: { ...out, ...extra } } };
}
