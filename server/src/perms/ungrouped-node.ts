import type { Language } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import type { TreeItem } from '../resources/assets/node-tree-items';

/**
 * The virtual "Ungrouped" node of a user's granted tree (docs/resources.md#what-a-user-was-granted): with
 * `PERM_SINGLE_ASSET_TO_UNGROUP_NODE` on, the assets granted one by one show under it instead of under
 * their real nodes. Its id and key are both `ungrouped`, as v2.21's, so a client asks
 * `nodes/ungrouped/assets/` or `?key=ungrouped` like any node.
 */
export const UNGROUPED_KEY = 'ungrouped';

const ungroupedMessage = messageCatalogue({
  ungrouped: { en: 'Ungrouped', zh: '未分组', ja: '未グループ' },
});

/** The node's name in the user's language. */
export const ungroupedName = (language: Language): string => ungroupedMessage('ungrouped', language);

export const isUngroupedKey = (idOrKey: string): boolean => idOrKey.trim().toLowerCase() === UNGROUPED_KEY;

/** The node's zTree item: a top-level entry before the real nodes, its count the directly granted assets. */
export function ungroupedTreeItem(count: number, language: Language): TreeItem {
  const value = ungroupedName(language);
  const name = `${value} (${count})`;
  return {
    id: UNGROUPED_KEY,
    name,
    title: name,
    pId: '',
    isParent: true,
    open: false,
    iconSkin: '',
    meta: { type: 'node', data: { id: UNGROUPED_KEY, key: UNGROUPED_KEY, value } },
  };
}
