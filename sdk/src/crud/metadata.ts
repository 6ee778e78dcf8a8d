import type { HttpClient } from '../services/http';

/** One field of DRF OPTIONS metadata (docs/http.md#metadata-options). */
export interface FieldMeta {
  type: string;
  required?: boolean;
  read_only?: boolean;
  write_only?: boolean;
  label?: string;
  help_text?: string;
  default?: unknown;
  max_length?: number;
  min_length?: number;
  min_value?: number;
  max_value?: number;
  choices?: readonly { value: string | number | boolean; display_name: string }[];
  child?: FieldMeta;
  children?: Readonly<Record<string, FieldMeta>>;
  /** GET only: the field is a filterset field. */
  filter?: boolean;
  /** GET only: the field is an ordering field. */
  order?: boolean;
}

export type FieldsMeta = Readonly<Record<string, FieldMeta>>;
export type MetaMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';

/** The OPTIONS answer (docs/http.md#metadata-options); `actions` only when the view has a serializer. */
export interface ResourceMetadata {
  name?: string;
  description?: string;
  renders?: string[];
  parses?: string[];
  actions?: Partial<Record<MetaMethod, FieldsMeta>>;
}

const cache = new Map<string, Promise<ResourceMetadata>>();

/** Tables and search add draw=1&display=1 (docs/http.md#metadata-options); the server ignores them. */
export function metadataUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}draw=1&display=1`;
}

/**
 * OPTIONS metadata of a URL, fetched once per session (the in-memory cache of the reference console). A
 * failure is not cached, so a later page can try again; callers treat a failure as "no metadata"
 * (docs/http.md#errors-and-what-the-console-shows: metadata failures are only logged).
 */
export function loadMetadata(http: HttpClient, url: string): Promise<ResourceMetadata> {
  const key = metadataUrl(url);
  let pending = cache.get(key);
  if (!pending) {
    pending = http.options<ResourceMetadata>(key, { silent: true }).catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, pending);
  }
  return pending;
}

/** Forget cached metadata (tests; after a language change the page reloads anyway). */
export function clearMetadataCache(): void {
  cache.clear();
}

/** The fields for one method, or the first available of the fall-backs (PUT → POST, PATCH → PUT → POST). */
export function fieldsOf(meta: ResourceMetadata | null | undefined, method: MetaMethod): FieldsMeta {
  const actions = meta?.actions ?? {};
  const order: Record<MetaMethod, MetaMethod[]> = {
    GET: ['GET'],
    POST: ['POST'],
    PUT: ['PUT', 'POST'],
    PATCH: ['PATCH', 'PUT', 'POST'],
  };
  for (const m of order[method]) {
    const fields = actions[m];
    if (fields) return fields;
  }
  return {};
}

/** The display name of a choice value ("1" and 1 match: query strings and JSON disagree on types). */
export function choiceLabel(meta: FieldMeta | undefined, value: unknown): string | undefined {
  const found = meta?.choices?.find((c) => String(c.value) === String(value));
  return found?.display_name;
}

/**
 * The children of nested fields lifted to the top level (docs/crud.md#form-page): a form that lays a nested
 * object's fields out as its own (the ticket request form's `meta`) and nests them back when it sends. The
 * nested field itself is left out; a child never replaces a top-level field of the same name.
 */
export function liftNested(fields: FieldsMeta, names: readonly string[]): FieldsMeta {
  const out: Record<string, FieldMeta> = {};
  for (const [name, field] of Object.entries(fields)) if (!names.includes(name)) out[name] = field;
  for (const name of names)
    for (const [child, field] of Object.entries(fields[name]?.children ?? {}))
      if (!(child in out)) out[child] = field;
  return out;
}
