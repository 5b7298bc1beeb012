import { createLoginLimiter } from '@conversa/api';
import type { FastifyServerOptions } from 'fastify';
import { testDatabase } from '@conversa/testing/database';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire, type WireOptions } from '../src/wiring';
import { ADMIN, type TestServer } from './harness';

/**
 * The real product as the harness starts it, with channel settings the harness does not give:
 * environment variables (the Meta app, GRAPH_API_URL) and session drivers (a WhatsApp driver on a
 * fake socket). Its session manager runs, as in the start role.
 */
export async function startChannelServer(
  options: {
    env?: Record<string, string>;
    sessionDrivers?: WireOptions['sessionDrivers'];
    listen?: boolean;
    serveUi?: boolean;
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestServer> {
  const database = await testDatabase('channels');
  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-channels-'));
  const config = loadConfig(
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'test-secret-'.repeat(4),
      ...options.env,
    },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true, sessionDrivers: options.sessionDrivers });
  wiring.ctx.loginLimiter = createLoginLimiter(wiring.ctx.limits, { attemptsPerAddress: 10_000, freeFailures: 1_000, failuresPerAddress: 10_000 });
  await seed(wiring.ctx, config);
  // Browser flows need the built UI and the websocket edge, on a port.
  const { app } = await buildHttp(wiring, { serveUi: options.serveUi ?? false, edge: options.listen ?? false, projections: true, logger: options.logger });
  if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  await wiring.sessions.start();
  return {
    app,
    wiring,
    url: (() => {
      const address = app.server.address();
      return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : '';
    })(),
    async login(email = ADMIN.email, password = ADMIN.password) {
      const response = await app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });
      if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
      return { token: response.json().token, cookie: '', body: response.json() };
    },
    async close() {
      await app.close();
      await wiring.close();
      await database.drop();
    },
  };
}
