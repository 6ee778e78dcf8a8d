import { ROOT_ORG_ID } from '../constants';
import { permissionCode, resourceOfApiPath, type PermAction } from '../rules/permissions';

/** app + resource of the permission codes a page derives its rights from. */
export interface ResourcePerms {
  app: string;
  resource: string;
}

/**
 * From the list URL (`/api/v1/<app>/<resource>s/`) unless the page names them
 * (docs/permissions.md#rights-in-the-console).
 */
export function resourcePerms(url: string, given?: Partial<ResourcePerms>): ResourcePerms | null {
  const fromUrl = resourceOfApiPath(url);
  const app = given?.app ?? fromUrl?.app;
  const resource = given?.resource ?? fromUrl?.resource;
  return app && resource ? { app, resource } : null;
}

export function codeOf(perms: ResourcePerms | null, action: PermAction): string | null {
  return perms ? permissionCode(perms.app, action, perms.resource) : null;
}

/** A switch a page may turn off or decide itself (true/false, or a function of the context). */
export type RightOverride<C = void> = boolean | ((context: C) => boolean);

export interface TableRights {
  create: boolean;
  bulkDelete: boolean;
  bulkUpdate: boolean;
  importCreate: boolean;
  importUpdate: boolean;
  /** import = create or update import. */
  import: boolean;
  export: boolean;
  rowUpdate: boolean;
  rowDelete: boolean;
  rowClone: boolean;
  nameLink: boolean;
}

export type TableRightName = keyof TableRights;

/**
 * The switches of a read-only table — a computed list such as a user's granted assets: nothing to create,
 * change, delete, import or export. The name link stays as the page decides (`detailPath`).
 */
export const READ_ONLY_TABLE: Readonly<Partial<Record<TableRightName, boolean>>> = {
  create: false,
  bulkDelete: false,
  bulkUpdate: false,
  importCreate: false,
  importUpdate: false,
  import: false,
  export: false,
  rowUpdate: false,
  rowDelete: false,
  rowClone: false,
};

export function isRootOrg(orgId: string | null | undefined): boolean {
  return orgId === ROOT_ORG_ID;
}

/**
 * Table rights of docs/permissions.md#rights-in-the-console with the root-organization rules of
 * docs/permissions.md#rights-in-the-console: create needs add; bulk delete delete; bulk update change; import
 * add (create mode) or change (update mode); export view; row update change, row delete delete, clone add,
 * name link view. In the root organization create, bulk update, import and row delete are off. Per-table
 * switches (`overrides`, e.g. `rowUpdate: false`) can only narrow.
 */
export function tableRights(input: {
  can: (code: string) => boolean;
  perms: ResourcePerms | null;
  rootOrg: boolean;
  overrides?: Partial<Record<TableRightName, boolean>>;
}): TableRights {
  const { perms, rootOrg } = input;
  const has = (action: PermAction): boolean => {
    const code = codeOf(perms, action);
    // Without app/resource the page decides alone (no code to check): allowed unless overridden.
    return code === null ? true : input.can(code);
  };
  const add = has('add');
  const change = has('change');
  const del = has('delete');
  const view = has('view');
  const rights: TableRights = {
    create: add && !rootOrg,
    bulkDelete: del,
    bulkUpdate: change && !rootOrg,
    importCreate: add && !rootOrg,
    importUpdate: change && !rootOrg,
    import: (add || change) && !rootOrg,
    export: view,
    rowUpdate: change,
    rowDelete: del && !rootOrg,
    rowClone: add && !rootOrg,
    nameLink: view,
  };
  for (const [name, value] of Object.entries(input.overrides ?? {}) as [TableRightName, boolean][]) {
    if (value === false) rights[name] = false;
  }
  if (!rights.importCreate && !rights.importUpdate) rights.import = false;
  return rights;
}

/**
 * Detail page buttons (docs/permissions.md#rights-in-the-console): delete needs delete; update needs change
 * and a non-root organization.
 */
export function detailRights(input: {
  can: (code: string) => boolean;
  perms: ResourcePerms | null;
  rootOrg: boolean;
}): { update: boolean; delete: boolean } {
  const code = (action: PermAction): boolean => {
    const c = codeOf(input.perms, action);
    return c === null ? true : input.can(c);
  };
  return { update: code('change') && !input.rootOrg, delete: code('delete') };
}

/** Bulk delete is enabled only with a selection and the right (docs/permissions.md#rights-in-the-console). */
export function canBulkDelete(rights: Pick<TableRights, 'bulkDelete'>, selected: number): boolean {
  return rights.bulkDelete && selected > 0;
}
