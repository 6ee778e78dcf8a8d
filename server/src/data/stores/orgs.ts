import type { Database } from '../database';
import { WriteVersions } from '../write-versions';

/** Every request resolves its org: reads are cached while `orgs` is unwritten (exact, data/write-versions.ts). */
const ORGS: ReadonlySet<string> = new Set(['orgs']);

export interface OrgRecord {
  id: string;
  name: string;
  comment: string;
}

interface OrgRow {
  id: string;
  name: string;
  comment: string;
}

const toOrg = (row: OrgRow): OrgRecord => ({ id: row.id, name: row.name, comment: row.comment });

/** Creates the org when its id is unknown; an existing org is left as it is (first-start seeding). */
export async function ensureOrg(db: Database, org: OrgRecord): Promise<void> {
  await db.run(
    `INSERT INTO orgs (id, name, comment, created_by, date_created) VALUES (?, ?, ?, 'System', ?)
     ON CONFLICT (id) DO NOTHING`,
    [org.id, org.name, org.comment, Date.now()],
  );
}

export async function findOrgById(db: Database, id: string): Promise<Readonly<OrgRecord> | null> {
  return WriteVersions.of(db).cached(`orgs:id\u0000${id}`, ORGS, async () => {
    const row = await db.get<OrgRow>('SELECT id, name, comment FROM orgs WHERE id = ?', [id]);
    return row ? Object.freeze(toOrg(row)) : null;
  });
}

/** Real (stored) orgs; the Root org is virtual and never stored. Ordered by name, Default first. */
export async function listOrgs(db: Database): Promise<ReadonlyArray<Readonly<OrgRecord>>> {
  return WriteVersions.of(db).cached(
    'orgs:all',
    ORGS,
    async () => {
      const rows = await db.all<OrgRow>(
        `SELECT id, name, comment FROM orgs ORDER BY CASE WHEN name = 'Default' THEN 0 ELSE 1 END, name, id`,
      );
      return Object.freeze(rows.map((row) => Object.freeze(toOrg(row))));
    },
    (orgs) => orgs.length,
  );
}

/** id → name of every stored org (org_name of org-scoped rows). */
export async function listOrgNames(db: Database): Promise<Map<string, string>> {
  const rows = await db.all<{ id: string; name: string }>('SELECT id, name FROM orgs');
  return new Map(rows.map((row) => [row.id, row.name]));
}
