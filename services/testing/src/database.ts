import { inject } from 'vitest';
import { createDatabase } from './postgres';

/** A fresh database on the run's embedded Postgres. Call in beforeAll; drop in afterAll. */
export const testDatabase = (prefix?: string) => createDatabase(inject('postgresAdminUrl'), prefix);
