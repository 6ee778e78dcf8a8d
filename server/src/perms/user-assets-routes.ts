import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { RequestContext } from '../engine/declaration';
import { requestContext } from '../engine/request-context';
import type { ResourceRegistry } from '../engine/runtime';
import { notFound, permissionDenied } from '../http/api-error';
import { allows } from '../rbac/authorize';
import { ASSET } from '../resources/assets/node-store';
import { USERS } from '../resources/identity/users';
import { resolveGrants, resolveGroupGrants, type Grants } from './granted-assets';
import { grantedScope } from './granted-scope';
import { grantedListMetadata, listGranted } from './my-assets-list';
import { grantedUnderNode } from './my-assets-routes';
import { grantedTreeItems } from './my-assets-tree';
import { ungroupDirectAssets } from '../settings/settings-values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One admin variant of "my assets": whose grants it reads, under which permission. */
interface Subject {
  base: string;
  permission: string;
  /** The subject's grants, or null when the requester cannot see the subject (a 404). */
  grants: (registry: ResourceRegistry, rctx: RequestContext, id: string) => Promise<Grants | null>;
}

const SUBJECTS: readonly Subject[] = [
  {
    // Only users the requester can see on the users list (members of the org) are answered.
    base: '/api/v1/perms/users/:id',
    permission: 'perms.view_userassets',
    grants: async (registry, rctx, id) =>
      (await registry.get(USERS).get(id, rctx)) ? resolveGrants(registry, { ...rctx, userId: id }) : null,
  },
  {
    base: '/api/v1/perms/user-groups/:id',
    permission: 'perms.view_usergroupassets',
    grants: async (registry, rctx, id) =>
      (await registry.get('users.usergroup').get(id, rctx)) ? resolveGroupGrants(registry, rctx, id) : null,
  },
];

/**
 * The admin variants of "my assets" (docs/resources.md#what-a-user-was-granted): what another user, or a user
 * group, was granted in the request's organization, for the user and user group detail pages — the flat list,
 * its metadata, the granted node tree and the list under one node of it. The grants are the subject's; what
 * the lists may show stays the requester's org scope.
 */
export function registerUserAssetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  registry: ResourceRegistry,
): void {
  const fallbackHost = `${ctx.config.host}:${ctx.config.port}`;
  const asset = registry.resource(ASSET);
  const ungroup = () => ungroupDirectAssets(ctx.db, ctx.config);

  for (const subject of SUBJECTS) {
    type Request = FastifyRequest<{ Params: { id: string; node?: string } }>;
    const caller = async (request: Request): Promise<{ rctx: RequestContext; grants: Grants }> => {
      const rctx = await requestContext(ctx.db, request);
      if (!allows(rctx, [subject.permission])) throw permissionDenied();
      const id = request.params.id.toLowerCase();
      const grants = UUID.test(id) ? await subject.grants(registry, rctx, id) : null;
      if (!grants) throw notFound();
      return { rctx, grants };
    };

    for (const list of [`${subject.base}/assets/`, `${subject.base}/nodes/:node/assets/`])
      app.options<{ Params: { id: string } }>(list, async (request) => {
        const { rctx } = await caller(request);
        return grantedListMetadata(asset, rctx);
      });
    app.get<{ Params: { id: string } }>(`${subject.base}/assets/`, async (request) => {
      const { rctx, grants } = await caller(request);
      return listGranted({ asset, ctx: rctx, grants, granted: grantedScope(grants), request, fallbackHost });
    });
    app.get<{ Params: { id: string; node: string } }>(
      `${subject.base}/nodes/:node/assets/`,
      async (request) => {
        const { rctx, grants } = await caller(request);
        const granted = await grantedUnderNode(registry, grants, request.params.node, await ungroup());
        return listGranted({ asset, ctx: rctx, grants, granted, request, fallbackHost });
      },
    );
    app.get<{ Params: { id: string } }>(`${subject.base}/nodes/children/tree/`, async (request) => {
      const { rctx, grants } = await caller(request);
      return grantedTreeItems(registry, rctx, grants, await ungroup());
    });
  }
}
