import type { TestProject } from 'vitest/node';
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
  project.provide('postgresUrl', url);
  return () => server.stop();
}
