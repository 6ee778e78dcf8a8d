import type { ResourceDirectory } from '../../engine/declaration';
import { ROOT_ORG_ID } from '../../orgs/org-ids';
import { BUILTIN_PLATFORMS } from './builtin-platforms';

/**
 * Creates the internal platforms that are missing (every start; idempotent) and marks them internal,
 * which the API itself never allows (platform.ts keeps `internal` read-only).
 */
export async function ensureBuiltinPlatforms(resources: ResourceDirectory): Promise<number> {
  const platforms = resources.get('assets.platform');
  const ctx = {
    userId: '',
    username: 'System',
    orgId: ROOT_ORG_ID,
    perms: new Set<string>(),
    isSystemAdmin: true,
    language: 'en' as const,
  };
  let created = 0;
  for (const builtin of BUILTIN_PLATFORMS) {
    const [existing] = await platforms.find({ field: 'name', op: 'eq', value: builtin.name }, ctx);
    if (existing) continue;
    const row = await platforms.create(
      { name: builtin.name, base: builtin.base, meta: builtin.meta, comment: builtin.comment },
      ctx,
    );
    await platforms.setColumns(String(row.id), { internal: true });
    created += 1;
  }
  return created;
}
