/**
 * The m2m link tables of the asset area, named once: the asset side and the reverse (node, label) side of
 * a relation must adopt the same table, and the bulk seed writes them too.
 */
export const ASSET_NODES_LINK = {
  table: 'assets_asset_nodes',
  assetColumn: 'asset_id',
  nodeColumn: 'node_id',
} as const;
export const ASSET_LABELS_LINK = {
  table: 'assets_asset_labels',
  assetColumn: 'asset_id',
  labelColumn: 'label_id',
} as const;
