/**
 * A page on a phone network (issue 30): Chromium's own network emulation through a DevTools protocol session
 * (1.6 Mbps down, 750 kbps up, 150 ms per request), the time from navigation to the first ticket row on screen, and
 * what the page's scripts came from (network, HTTP cache or the service worker) with their bytes on the wire.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

/** Set before any script of the page runs: the first row's time (ms after navigation start) once it is painted. */
const FIRST_ROW_WATCH = `(() => {
  // The main thread's tasks over 50 ms (start and length, ms after navigation start): the browser's CPU on the path.
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]); }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const seen = () => {
    if (!document.querySelector('[data-testid^="ticket-row-"]')) return false;
    // The frame after the row is in the DOM is the one that shows it.
    requestAnimationFrame(() => { window.__firstRowMs = performance.now(); });
    return true;
  };
  const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true });
})();`;

export interface NetworkLog {
  /** Script responses by where they came from; `wireBytes` is what the network carried (headers and body). */
  scripts: { network: number; cache: number; serviceWorker: number; wireBytes: number };
  /** Every request in start order with its type and timings (ms after the first request), for the waterfall. */
  requests: Array<{ url: string; type: string; from: 'network' | 'cache' | 'service-worker'; startMs: number; endMs: number; wireBytes: number }>;
}

/** Opens `url` in a new page of `context` on the emulated network; `cold` turns the HTTP cache off. */
export async function firstRowOnPhone(
  context: BrowserContext,
  url: string,
  { cold }: { cold: boolean },
): Promise<{ ms: number; longTasks: LongTasks; log: NetworkLog; page: Page }> {
  const page = await context.newPage();
  await page.addInitScript(FIRST_ROW_WATCH);
  const cdp = await context.newCDPSession(page);
  const log = await recordNetwork(cdp);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: cold });
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __firstRowMs?: number }).__firstRowMs !== undefined, undefined, { polling: 50 });
  const ms = await page.evaluate(() => (window as unknown as { __firstRowMs: number }).__firstRowMs);
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: Array<[number, number]> }).__longTasks);
  const before = tasks.filter(([start]) => start < ms);
  const longTasks = {
    count: before.length,
    ms: before.reduce((sum, [, duration]) => sum + duration, 0),
    list: before.map(([start, duration]) => `${Math.round(start)}+${Math.round(duration)}`).join(' '),
  };
  return { ms, longTasks, log: log.snapshot(), page };
}

/** The main thread's long tasks (over 50 ms) before the first row: how many, their total, and each as start+length. */
export interface LongTasks {
  count: number;
  ms: number;
  list: string;
}

async function recordNetwork(cdp: CDPSession) {
  type Entry = NetworkLog['requests'][number] & { id: string };
  const entries = new Map<string, Entry>();
  let origin: number | undefined;
  const at = (timestamp: number) => {
    origin ??= timestamp;
    return Math.round((timestamp - origin) * 1000);
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    entries.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      type: event.type ?? 'Other',
      from: 'network',
      startMs: at(event.timestamp),
      endMs: 0,
      wireBytes: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const entry = entries.get(event.requestId);
    if (entry) entry.from = 'cache';
  });
  cdp.on('Network.responseReceived', (event) => {
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.type = event.type;
    if (event.response.fromServiceWorker) entry.from = 'service-worker';
    else if (event.response.fromDiskCache || event.response.fromPrefetchCache) entry.from = 'cache';
  });
  cdp.on('Network.loadingFinished', (event) => {
    const entry = entries.get(event.requestId);
    if (!entry) return;
    entry.endMs = at(event.timestamp);
    entry.wireBytes = entry.from === 'network' ? event.encodedDataLength : 0;
  });
  await cdp.send('Network.enable');
  return {
    snapshot(): NetworkLog {
      const requests = [...entries.values()].sort((a, b) => a.startMs - b.startMs).map(({ id: _id, ...entry }) => entry);
      const scripts = requests.filter((entry) => entry.type === 'Script');
      return {
        requests,
        scripts: {
          network: scripts.filter((entry) => entry.from === 'network').length,
          cache: scripts.filter((entry) => entry.from === 'cache').length,
          serviceWorker: scripts.filter((entry) => entry.from === 'service-worker').length,
          wireBytes: scripts.reduce((sum, entry) => sum + entry.wireBytes, 0),
        },
      };
    },
  };
}

/** The waterfall of one run, for stderr: start and end of each request, where it came from, its bytes on the wire. */
export function waterfall(log: NetworkLog, base: string): string {
  return log.requests
    .map(
      (entry) =>
        `${String(entry.startMs).padStart(6)} → ${String(entry.endMs).padStart(6)} ms ${entry.from.padEnd(14)} ${(entry.wireBytes / 1024).toFixed(1).padStart(7)} KiB  ${entry.type.padEnd(10)} ${entry.url.replace(base, '')}`,
    )
    .join('\n');
}
