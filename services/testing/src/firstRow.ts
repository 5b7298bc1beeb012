import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';

/** The /tickets budget, KiB of gzip-9 of the scripts asked for before the first row (issue 30; docs/ui-bundle.md). */
export const TICKETS_FIRST_ROW_BUDGET_KIB = 240;

export type ScriptSizes = Map<string, { raw: number; gzip: number }>;

/** Records every JavaScript file the context's pages receive, with its gzip-9 size (the service worker's own script left out). */
export function recordScripts(context: BrowserContext) {
  const files: ScriptSizes = new Map();
  const pending = new Set<Promise<void>>();
  context.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if ((!path.endsWith('.js') && !path.endsWith('.mjs')) || path === '/service-worker.js') return;
    const done = response.body().then(
      (body) => void files.set(path, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length }),
      () => undefined,
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
  });
  return {
    /** What has arrived so far (waits for bodies still being read). */
    async snapshot(): Promise<ScriptSizes> {
      await Promise.all([...pending]);
      return new Map(files);
    },
  };
}

/**
 * Opens /tickets on `page` and answers, once the first ticket row is in the document, which paths the page had asked
 * for by then, by the page's own clock (resource timing): a file asked for after the row does not stand between a
 * person and it, however fast it arrives. Call `recordScripts` on the page's context first.
 */
export async function openTicketsToFirstRow(page: Page, url: string): Promise<{ askedBeforeRow: Set<string>; paintedMs: number }> {
  // A string, not a function: tsx's name helpers would not exist in the page.
  await page.addInitScript(`
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid^="ticket-row-"]')) return;
      window.firstRowAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  `);
  const started = Date.now();
  await page.goto(`${url}/tickets`);
  await page.locator('[data-testid^="ticket-row-"]').first().waitFor();
  const paintedMs = Date.now() - started;
  const asked = await page.evaluate(() => {
    const at = (window as unknown as { firstRowAt?: number }).firstRowAt;
    if (at === undefined) throw new Error('the first row was never seen by the page');
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= at)
      .map((entry) => new URL(entry.name).pathname);
  });
  return { askedBeforeRow: new Set(asked), paintedMs };
}

export const gzipKib = (files: ScriptSizes) => [...files.values()].reduce((sum, file) => sum + file.gzip, 0) / 1024;
