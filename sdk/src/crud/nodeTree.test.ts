import { describe, expect, it } from 'vitest';
import { buildForest, childrenOf, findNode, withChildren, type TreeItem } from './nodeTree';

const node = (key: string, pId: string, value: string): TreeItem => ({
  id: key,
  name: `${value} (1)`,
  pId,
  isParent: true,
  meta: { type: 'node', data: { id: `id-${key}`, key, value } },
});
const asset: TreeItem = {
  id: 'a1',
  name: 'web',
  pId: '1',
  isParent: false,
  meta: { type: 'asset', data: {} },
};

describe('node trees from zTree items (docs/resources.md#trees)', () => {
  it('rebuilds the first load as a forest and skips asset items', () => {
    const forest = buildForest([
      node('1', '', 'Default'),
      node('1:1', '1', 'Web'),
      node('1:2', '1', 'DB'),
      asset,
    ]);
    expect(forest.map((n) => n.key)).toEqual(['1']);
    expect(forest[0]!.children!.map((n) => n.label)).toEqual(['Web (1)', 'DB (1)']);
    expect(findNode(forest, '1:2')).toEqual({ id: 'id-1:2', key: '1:2', value: 'DB' });
  });
  it('items whose parent is not loaded are roots (the Root org: every org root)', () => {
    expect(buildForest([node('1', '', 'Default'), node('2', '', 'Org B')]).map((n) => n.key)).toEqual([
      '1',
      '2',
    ]);
  });
  it('adds a child load under its parent without touching other nodes', () => {
    const forest = buildForest([node('1', '', 'Default'), node('1:1', '1', 'Web')]);
    const loaded = withChildren(forest, '1:1', childrenOf([node('1:1:1', '1:1', 'Nginx')], '1:1'));
    expect(findNode(loaded, '1:1:1')?.value).toBe('Nginx');
    expect(forest[0]!.children![0]!.children).toBeUndefined();
    expect(withChildren(forest, '1:1', [])[0]!.children![0]!.leaf).toBe(true);
  });
});
