import type { Condition } from '../../data/conditions';
import type { RequestContext, ResourceDirectory } from '../../engine/declaration';
import { PLATFORM_BASES } from './builtin-platforms';
import { ASSET_LABELS_LINK } from './link-tables';
import { assetsOfNodes, resolveNode, subtreeOf, unorderedOrgNodes } from './node-store';

/**
 * The asset list's filters beyond exact field matches (docs/resources.md#assets). Nodes and
 * labels are resolved within the request's org (every org in Root), so another org's node or label
 * matches nothing.
 */
type AssetFilter = (
  value: string,
  ctx: RequestContext,
  resources: ResourceDirectory,
) => Condition | null | Promise<Condition | null>;

const NOTHING: Condition = { never: true };

/** `node` / `node_id` = node uuid or key; assets of the node and its descendants (v2.21 `all` default). */
const byNode: AssetFilter = async (value, ctx, resources) => {
  const idOrKey = value.trim().slice(0, 200);
  if (idOrKey === '') return null;
  const node = await resolveNode(resources, ctx, idOrKey);
  if (!node) return NOTHING;
  // The subtree needs no tree order; its ids are sorted so the same subtree is the same condition (and
  // the same cached list window) on every request. Sorting the org's nodes by key showed in profiles.
  const nodes = await unorderedOrgNodes(resources, { ...ctx, orgId: node.orgId });
  const ids = subtreeOf(nodes, node)
    .map((item) => item.id)
    .sort();
  return assetsOfNodes(ids);
};

/** `label=name:value` (or `name#value`): assets carrying that label. */
const byLabel: AssetFilter = async (value, ctx, resources) => {
  const at = value.search(/[:#]/);
  if (at <= 0) return NOTHING;
  const labels = await resources.get('assets.label').find(
    {
      allOf: [
        { field: 'name', op: 'eq', value: value.slice(0, at).trim() },
        { field: 'value', op: 'eq', value: value.slice(at + 1).trim() },
      ],
    },
    ctx,
  );
  if (labels.length === 0) return NOTHING;
  return {
    anyOf: labels.map((label) => ({
      field: 'id',
      op: 'inSubquery' as const,
      subquery: {
        table: ASSET_LABELS_LINK.table,
        column: ASSET_LABELS_LINK.assetColumn,
        where: { [ASSET_LABELS_LINK.labelColumn]: String(label.id) },
      },
    })),
  };
};

/** `ips=ip1,ip2`. */
const byIps: AssetFilter = (value) => {
  const ips = value
    .split(',')
    .map((ip) => ip.trim())
    .filter((ip) => ip !== '')
    .slice(0, 1000);
  return ips.length === 0 ? null : { field: 'ip', op: 'in', values: ips };
};

/** `platform__base=Linux`: the platform is stored by name, so the base is looked up in the platform table. */
const byPlatformBase: AssetFilter = (value) => {
  if (!(PLATFORM_BASES as readonly string[]).includes(value)) return NOTHING;
  return {
    field: 'platform',
    op: 'inSubquery',
    subquery: { table: 'assets_platform', column: 'name', where: { base: value } },
  };
};

export const ASSET_FILTERS: Readonly<Record<string, AssetFilter>> = {
  node: byNode,
  node_id: byNode,
  label: byLabel,
  ips: byIps,
  platform__base: byPlatformBase,
};
