import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One embedded Postgres for the whole run; every test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
  };
}
