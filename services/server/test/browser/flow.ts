import { launchBrowser, openPage, screenshot } from '@conversa/testing/browser';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { bearer, signupCompany, startTestServer, type TestServer } from '../harness';

/** What a browser flow starts with: the server serving the built UI, Chromium, a signed-up company's admin and a page. */
export interface Flow {
  server: TestServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  admin: { email: string; password: string; companyId: number; userId: number; token: string };
  /** The API as the admin (or `token`); a refusal throws with its answer. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token?: string): Promise<any>;
  /** A screenshot of each open page when the test failed (call it in afterEach). */
  shotsOnFailure(test: { task: { name: string; result?: { state?: string } } }, prefix: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The set-up every flow repeats: the server (listening, serving the UI; channel sessions started with `sessions`),
 * Chromium, the company `company` names signed up with its admin signed in on the API, and one page.
 */
export async function openFlow(options: {
  company: [name: string, seed: number];
  sessions?: boolean;
  /** More of startTestServer's options (env, channels). */
  server?: Omit<Parameters<typeof startTestServer>[0], 'listen' | 'serveUi'>;
  /** The page's context (viewport, permissions, downloads) and its default wait. */
  page?: BrowserContextOptions & { timeout?: number };
}): Promise<Flow> {
  const server = await startTestServer({ ...options.server, listen: true, serveUi: true });
  if (options.sessions) await server.wiring.sessions.start();
  const browser = await launchBrowser();
  const company = await signupCompany(server, ...options.company);
  const admin = { ...company, token: (await server.login(company.email, company.password)).token };
  const { context, page } = await openPage(browser, options.page);
  const call: Flow['call'] = async (method, url, payload, token = admin.token) => {
    const response = await server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  return {
    server,
    browser,
    context,
    page,
    admin,
    call,
    async shotsOnFailure(test, prefix) {
      if (test.task.result?.state !== 'fail') return;
      const name = `failed-${prefix}-${test.task.name.slice(0, 40).replace(/\W+/g, '-')}`;
      for (const [index, open] of browser
        .contexts()
        .flatMap((each) => each.pages())
        .entries())
        await screenshot(open, index === 0 ? name : `${name}-${index}`).catch(() => undefined);
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
