import type { ResourceDirectory, StoredRow } from '../../engine/declaration';
import { systemContext } from '../../ops/task-runner';

/** Rows that point at an asset by an fk named `asset` and mean nothing without it. */
const DEPENDANTS = ['assets.favoriteasset', 'assets.authbook', 'assets.gathereduser'];

/**
 * What goes with a deleted asset (docs/accounts.md, docs/favorites.md): every user's favourite of it, its
 * accounts and gathered users, and its links to system users — in every org and whoever's they are.
 */
export async function purgeAssetDependants(asset: StoredRow, resources: ResourceDirectory): Promise<void> {
  const id = String(asset.id);
  for (const name of DEPENDANTS)
    if (resources.has(name)) await resources.get(name).purge({ field: 'asset', op: 'eq', value: id });
  if (!resources.has('assets.systemuser')) return;
  const users = resources.get('assets.systemuser');
  const linked = await users.find(
    { field: 'assets', op: 'in', values: [id] },
    { ...systemContext(), orgId: String(asset.org_id) },
  );
  for (const user of linked) await users.link('assets', String(user.id), [id], 'remove');
}
