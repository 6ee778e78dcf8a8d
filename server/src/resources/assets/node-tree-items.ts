import { iconSkinForBase } from './builtin-platforms';
import { readProtocols } from './asset-protocols';
import type { NodeRow } from './node-store';
import type { StoredRow } from '../../engine/declaration';

/** A zTree node as every `…/tree/` endpoint returns it (docs/resources.md#trees). */
export interface TreeItem {
  id: string;
  name: string;
  title: string;
  pId: string;
  isParent: boolean;
  open: boolean;
  iconSkin: string;
  chkDisabled?: boolean;
  meta: { type: 'node' | 'asset'; data: Record<string, unknown> };
}

/** Node item of `nodes/children/tree/` (meta.data = id, key, value) or `nodes/tree/` (adds name, amount). */
export function nodeTreeItem(node: NodeRow, assetsAmount: number, full: boolean): TreeItem {
  const name = `${node.value} (${assetsAmount})`;
  return {
    id: node.key,
    name,
    title: name,
    pId: node.parentKey,
    isParent: true,
    open: node.parentKey === '',
    iconSkin: '',
    meta: {
      type: 'node',
      data: full
        ? { id: node.id, name: node.value, value: node.value, key: node.key, assets_amount: assetsAmount }
        : { id: node.id, key: node.key, value: node.value },
    },
  };
}

/** Asset item under `parentKey` (docs/resources.md#trees); `platformBase` comes from the platform table. */
export function assetTreeItem(
  asset: StoredRow,
  parentKey: string,
  platformBase: string,
  orgName: string,
): TreeItem {
  return {
    id: String(asset.id),
    name: String(asset.hostname ?? ''),
    title: String(asset.ip ?? ''),
    pId: parentKey,
    isParent: false,
    open: false,
    iconSkin: iconSkinForBase(platformBase),
    chkDisabled: !(asset.is_active === true || asset.is_active === 1),
    meta: {
      type: 'asset',
      data: {
        id: String(asset.id),
        hostname: asset.hostname,
        ip: asset.ip,
        protocols: readProtocols(asset.protocols),
        platform: platformBase,
        org_name: orgName,
      },
    },
  };
}
