/**
 * What the browser benches share: the product (./product.ts) serving the built UI (ui/dist, or UI_DIR) and the edge
 * on a free port, and Debian's Chromium; a page of its own for each person, signed in through the login screen.
 */
import { launchBrowser, openPage, signIn } from '@conversa/testing/browser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BENCH_ADMIN, closing, startProduct, type Product, type ProductOptions } from './product';

export interface UiServer extends Product {
  browser: Browser;
}

/** `name` names the temporary data dir. Call `close` in a finally: it stops the server, Chromium and Postgres and removes the dir. */
export async function startUiServer(name: string, options: Pick<ProductOptions, 'env'> = {}): Promise<UiServer> {
  const product = await startProduct({ name, env: options.env, http: { serveUi: true, edge: true }, listen: true });
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await product.close();
    throw error;
  }
  return {
    ...product,
    browser,
    async close() {
      await browser.close();
      await product.close();
    },
  };
}

/** Starts the UI server, runs `measure` on it, and stops it whatever happened. */
export const withUiServer = async <T>(name: string, measure: (server: UiServer) => Promise<T>, options: Pick<ProductOptions, 'env'> = {}) =>
  closing(await startUiServer(name, options), measure);

interface PageOptions {
  viewport: { width: number; height: number };
  /** The page's default wait, ms. */
  timeout: number;
  /** tsx names functions with a `__name` helper, which page-side functions passed to `evaluate` need defined in the page. */
  pageFunctions?: boolean;
}

/** A context of its own (one person's storage) and its page, not signed in yet. */
export async function newPage(server: UiServer, options: PageOptions): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(server.browser, { viewport: options.viewport, timeout: options.timeout });
  if (options.pageFunctions) await opened.context.addInitScript('globalThis.__name = (fn) => fn;');
  return opened;
}

/** A page signed in as `person` (the bench admin by default) through the login screen, once the app has left /login. */
export async function signedInPage(
  server: UiServer,
  options: PageOptions & { person?: { email: string; password: string } },
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(server, options);
  await signIn(opened.page, server.url, options.person ?? BENCH_ADMIN);
  return opened;
}
