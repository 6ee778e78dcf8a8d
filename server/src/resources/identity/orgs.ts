import type { IdentityDeps } from './deps';
import { ApiError } from '../../http/api-error';
import { DEFAULT_ORG_ID, ROOT_ORG_ID } from '../../orgs/org-ids';
import {
  defineResource,
  type RequestContext,
  type ResourceDeclaration,
  type ResourceDirectory,
} from '../../engine/declaration';
import { LABELS, l } from '../label';

/** resource_statistics key → resource counted in the org (resources another area may not ship count 0). */
const STATISTICS: ReadonlyArray<[string, string]> = [
  ['groups_amount', 'users.usergroup'],
  ['assets_amount', 'assets.asset'],
  ['nodes_amount', 'assets.node'],
  ['admin_users_amount', 'assets.adminuser'],
  ['system_users_amount', 'assets.systemuser'],
  ['domains_amount', 'assets.domain'],
  ['gateways_amount', 'assets.gateway'],
  ['applications_amount', 'applications.application'],
  ['asset_perms_amount', 'perms.assetpermission'],
  ['app_perms_amount', 'perms.applicationpermission'],
];

/**
 * Org-scoped resources whose rows keep an org from being deleted
 * (docs/organizations.md#organizations-themselves).
 */
const BLOCKING = [
  'users.usergroup',
  'assets.asset',
  'assets.label',
  'assets.domain',
  'assets.gateway',
  'assets.systemuser',
  'assets.commandfilter',
  'assets.commandfilterrule',
  'assets.gathereduser',
  'perms.assetpermission',
  'perms.applicationpermission',
  'applications.application',
];

const inOrg = (ctx: RequestContext, orgId: string): RequestContext => ({ ...ctx, orgId });

async function statistics(
  orgId: string,
  ctx: RequestContext,
  resources: ResourceDirectory,
): Promise<Record<string, number>> {
  const orgCtx = inOrg(ctx, orgId);
  const stats: Record<string, number> = {
    users_amount: await resources.get('users.user').count(null, orgCtx),
  };
  for (const [key, name] of STATISTICS)
    stats[key] = resources.has(name) ? await resources.get(name).count(null, orgCtx) : 0;
  return stats;
}

export function orgResource(app: IdentityDeps, onChange: () => void): ResourceDeclaration {
  void app;
  return defineResource({
    name: 'orgs.organization',
    url: '/api/v1/orgs/orgs/',
    table: 'orgs',
    orgScoped: false,
    label: l('组织', 'Organization', '組織'),
    fields: {
      name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128, unique: true },
      resource_statistics: {
        kind: 'json',
        label: l('资源统计', 'Resource statistics', 'リソース統計'),
        readOnly: true,
        compute: (row, ctx, resources) => statistics(String(row.id), ctx, resources),
      },
      is_default: {
        kind: 'boolean',
        label: l('默认', 'Default', 'デフォルト'),
        readOnly: true,
        compute: (row) => row.id === DEFAULT_ORG_ID,
      },
      is_root: {
        kind: 'boolean',
        label: l('根组织', 'Root', 'ルート'),
        readOnly: true,
        compute: (row) => row.id === ROOT_ORG_ID,
      },
      date_created: { kind: 'datetime', label: LABELS.dateCreated, readOnly: true },
      created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 32 },
      comment: { kind: 'text', label: LABELS.comment, default: '' },
    },
    searchFields: ['name', 'comment'],
    filterFields: ['name'],
    orderingFields: ['name'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name'],
    bulkDelete: false,
    hooks: {
      afterSave: () => onChange(),
      beforeDelete: async (row, ctx, resources) => {
        const refuse = (detail: string) => new ApiError(403, detail, 'permission_denied');
        if (row.id === ctx.orgId) throw refuse('The current organization cannot be deleted');
        if (row.id === DEFAULT_ORG_ID) throw refuse('The default organization cannot be deleted');
        const orgCtx = inOrg(ctx, String(row.id));
        let used = (await resources.get('users.user').count(null, orgCtx)) > 0;
        for (const name of BLOCKING)
          if (!used && resources.has(name)) used = (await resources.get(name).count(null, orgCtx)) > 0;
        // A clear 400 in the user's language, naming why (docs/organizations.md#organizations-themselves).
        if (used)
          throw new ApiError(
            400,
            l(
              '该组织仍有资源 (用户、资产、授权等)，不能删除',
              'The organization still holds resources (users, assets, permissions …) and cannot be deleted',
              'この組織にはまだリソース (ユーザー、資産、権限など) があるため削除できません',
            )[ctx.language],
            'org_has_resources',
          );
        onChange();
      },
    },
  });
}
