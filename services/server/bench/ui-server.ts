/**
 * What the browser benches share: the real product (embedded Postgres on a fresh data dir, projections, edge, the
 * built UI from ui/dist) listening on a free port, its seeded admin logged in, and Debian's Chromium.
 */
import { launchBrowser } from '@conversa/testing/browser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire, type Wiring } from '../src/wiring';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'Bench-pass-1' };

export interface UiServer {
  /** http://127.0.0.1:<port> */
  url: string;
  app: Awaited<ReturnType<typeof buildHttp>>['app'];
  wiring: Wiring;
  browser: Browser;
  /** The seeded admin's access token and company. */
  token: string;
  companyId: number;
  userId: number;
  /** An API call as the admin (app.inject); throws on a status ≥ 300. */
  call(method: 'POST' | 'PUT', path: string, payload: object): Promise<any>;
  close(): Promise<void>;
}

/** `name` names the temporary data dir. Call `close` in a finally: it stops the server, Chromium and Postgres and removes the dir. */
export async function startUiServer(name: string): Promise<UiServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `conversa-bench-${name}-`));
  const pgPort = await freePort();
  // The embedded Postgres reads its port from the process environment.
  process.env.PG_PORT = String(pgPort);
  const config = loadConfig(
    { DATA_DIR: dataDir, PG_PORT: String(pgPort), ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, JWT_SECRET: 'bench-secret-'.repeat(4) },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  const browser = await launchBrowser();
  let app: UiServer['app'] | null = null;
  const close = async () => {
    await app?.close();
    await browser.close();
    await wiring.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await seed(wiring.ctx, config);
    const started = (await buildHttp(wiring, { serveUi: true, edge: true, projections: true })).app;
    app = started;
    await started.listen({ port: 0, host: '127.0.0.1' });
    const address = started.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const login = await started.inject({ method: 'POST', url: '/auth/login', payload: BENCH_ADMIN });
    const token = login.json().token as string;
    const { companyId, id: userId } = login.json().user as { companyId: number; id: number };
    const call = async (method: 'POST' | 'PUT', path: string, payload: object) => {
      const response = await started.inject({ method, url: path, headers: { authorization: `Bearer ${token}` }, payload });
      if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    return { url: `http://127.0.0.1:${address.port}`, app: started, wiring, browser, token, companyId, userId, call, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Signs in through the login screen. */
export async function loginInBrowser(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
