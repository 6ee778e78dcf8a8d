import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { startPostgres } from '../support/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test database of the `api-pg` project; absent in the SQLite projects. */
    postgresUrl?: string;
  }
}

/**
 * globalSetup of the `api-pg` project: one throw-away PostgreSQL cluster for the whole run (initdb takes
 * seconds); every test server then gets a schema of its own in it (tests/api/test-database.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startPostgres();
  const url = await server.createDatabase('bastion_test');
  // Once, in public, as an administrator would: every test schema's search indexes use it (migration 400
  // creates it in the current schema only where the database has none yet).
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  await client.end();
  project.provide('postgresUrl', url);
  return () => server.stop();
}
