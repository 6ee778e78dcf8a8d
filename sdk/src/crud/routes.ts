/**
 * The generic pages' route conventions (docs/crud.md#routes-of-an-area): a list at `<base>`, create at
 * `<base>/create`, update at
 * `<base>/:id/update`, detail at `<base>/:id`; the REST detail URL is `<list url><id>/`.
 */
export function joinPath(base: string, ...parts: string[]): string {
  return [base.replace(/\/+$/, ''), ...parts.map((p) => p.replace(/^\/+|\/+$/g, ''))].join('/');
}

export interface CrudPaths {
  list: string;
  create: string;
  update: (id: string) => string;
  detail: (id: string) => string;
}

export function crudPaths(base: string): CrudPaths {
  return {
    list: base,
    create: joinPath(base, 'create'),
    update: (id) => joinPath(base, encodeURIComponent(id), 'update'),
    detail: (id) => joinPath(base, encodeURIComponent(id)),
  };
}

/** `/api/v1/users/users/?x=1` + id → `/api/v1/users/users/<id>/?x=1`. */
export function detailUrl(listUrl: string, id: string): string {
  const [path, query] = listUrl.split('?', 2) as [string, string | undefined];
  const base = path.endsWith('/') ? path : `${path}/`;
  return `${base}${encodeURIComponent(id)}/${query ? `?${query}` : ''}`;
}

/** A URL with its query dropped. */
export function urlPath(url: string): string {
  return url.split('?', 1)[0]!;
}
