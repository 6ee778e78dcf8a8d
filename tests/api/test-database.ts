import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The backend the current vitest project tests: `api` = SQLite, `api-pg` = PostgreSQL. */
export const testBackend = (): 'sqlite' | 'postgres' => (inject('postgresUrl') ? 'postgres' : 'sqlite');

export interface TestDatabase {
  /** `BASTION_DATABASE_URL` for a server, or null for SQLite (its file lives in the data dir). */
  url: string | null;
  drop(): Promise<void>;
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database for one test server: on PostgreSQL a fresh schema of the run's test database (much
 * faster than CREATE DATABASE), dropped afterwards; on SQLite nothing (the data dir holds the file).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = inject('postgresUrl');
  if (!base) return { url: null, drop: async () => undefined };
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  await admin(base, `CREATE SCHEMA ${schema}`);
  return {
    url: `${base}?options=${encodeURIComponent(`-c search_path=${schema},public`)}`,
    drop: () => admin(base, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
  };
}
