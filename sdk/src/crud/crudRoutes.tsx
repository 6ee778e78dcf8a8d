import { createElement, type ComponentType } from 'react';
import type { RouteContribution } from '../plugin/contributions';
import type { ConsoleView } from '../rules/views';
import { DetailPage, FormPage, ListPage } from './components';
import { codeOf, resourcePerms, type ResourcePerms } from './rights';
import { joinPath } from './routes';
import type { DetailPageProps } from './ui/DetailPage';
import type { FormPageProps } from './ui/FormPage';
import type { ListPageProps } from './ui/types';

/** One resource area declared once: its list, create/update and detail routes. */
export interface CrudResource {
  /** List route path, e.g. `/console/users/groups`. */
  path: string;
  /** List API URL, e.g. `/api/v1/users/groups/`. */
  url: string;
  view?: ConsoleView;
  /**
   * Route titles (plugin i18n keys): a prefix (`groups` → `groups.list`, `groups.create`, `groups.update`,
   * `groups.detail`) or each one.
   */
  titles: string | { list: string; create: string; update: string; detail: string };
  /** app/resource of the permission codes (default from the URL). */
  permissions?: Partial<ResourcePerms>;
  /** Extra route permissions required on every page of the area. */
  requires?: readonly string[];
  licenseRequired?: boolean;
  list?: Omit<ListPageProps, 'url'>;
  /** false: no create/update pages. */
  form?: Omit<FormPageProps, 'url'> | false;
  /** false: no detail page (and no name links). */
  detail?: Omit<DetailPageProps, 'url'> | false;
  /** Replace a generated page with your own component. */
  pages?: Partial<Record<'list' | 'create' | 'update' | 'detail', ComponentType>>;
}

/**
 * Routes of a CRUD area with the permissions of docs/permissions.md#rights-in-the-console (list/detail view,
 * create add, update change); create, update and detail are hidden from menus and not kept alive by the shell
 * (a form re-entered with another `clone_from` or id must start afresh).
 */
export function crudRoutes(r: CrudResource): RouteContribution[] {
  const perms = resourcePerms(r.url, r.permissions);
  const titles =
    typeof r.titles === 'string'
      ? {
          list: `${r.titles}.list`,
          create: `${r.titles}.create`,
          update: `${r.titles}.update`,
          detail: `${r.titles}.detail`,
        }
      : r.titles;
  const need = (action: 'view' | 'add' | 'change'): string[] => {
    const code = codeOf(perms, action);
    return [...(r.requires ?? []), ...(code ? [code] : [])];
  };
  const base = {
    view: r.view ?? 'console',
    ...(r.licenseRequired ? { licenseRequired: true } : {}),
  } as const;
  const page = (
    kind: 'list' | 'create' | 'update' | 'detail',
    fallback: () => RouteContribution['element'],
  ) => {
    const own = r.pages?.[kind];
    return own ? { component: own } : { element: fallback() };
  };
  const routes: RouteContribution[] = [
    {
      ...base,
      path: r.path,
      title: titles.list,
      permissions: need('view'),
      ...page('list', () =>
        createElement(ListPage, {
          url: r.url,
          permissions: r.permissions,
          ...(r.detail === false ? { detailPath: null } : {}),
          ...(r.form === false ? { hasCreate: false, rights: { rowUpdate: false, rowClone: false } } : {}),
          ...r.list,
          basePath: r.path,
        }),
      ),
    },
  ];
  if (r.form !== false) {
    const form = { url: r.url, ...(r.form ?? {}), basePath: r.path };
    routes.push(
      {
        ...base,
        path: joinPath(r.path, 'create'),
        title: titles.create,
        hidden: true,
        noCache: true,
        permissions: need('add'),
        ...page('create', () => createElement(FormPage, form)),
      },
      {
        ...base,
        path: joinPath(r.path, ':id', 'update'),
        title: titles.update,
        hidden: true,
        noCache: true,
        permissions: need('change'),
        ...page('update', () => createElement(FormPage, form)),
      },
    );
  }
  if (r.detail !== false) {
    routes.push({
      ...base,
      path: joinPath(r.path, ':id'),
      title: titles.detail,
      hidden: true,
      noCache: true,
      permissions: need('view'),
      ...page('detail', () =>
        createElement(DetailPage, {
          url: r.url,
          permissions: r.permissions,
          ...(r.detail ?? {}),
          basePath: r.path,
        }),
      ),
    });
  }
  return routes;
}
