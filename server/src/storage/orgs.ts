import type { Db } from '../db/open-database';

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
export async function ensureOrg(db: Db, org: OrgRecord): Promise<void> {
  db.prepare(
    `INSERT INTO orgs (id, name, comment, created_by, date_created) VALUES (?, ?, ?, 'System', ?)
     ON CONFLICT (id) DO NOTHING`,
  ).run(org.id, org.name, org.comment, Date.now());
}

export async function findOrgById(db: Db, id: string): Promise<OrgRecord | null> {
  const row = db.prepare('SELECT id, name, comment FROM orgs WHERE id = ?').get(id) as OrgRow | undefined;
  return row ? toOrg(row) : null;
}

/** Real (stored) orgs; the Root org is virtual and never stored. Ordered by name, Default first. */
export async function listOrgs(db: Db): Promise<OrgRecord[]> {
  const rows = db
    .prepare(
      `SELECT id, name, comment FROM orgs ORDER BY CASE WHEN name = 'Default' THEN 0 ELSE 1 END, name, id`,
    )
    .all() as OrgRow[];
  return rows.map(toOrg);
}

/** id → name of every stored org (org_name of org-scoped rows). */
export function listOrgNames(db: Db): Map<string, string> {
  const rows = db.prepare('SELECT id, name FROM orgs').all() as Array<{ id: string; name: string }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}
