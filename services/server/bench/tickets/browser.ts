/**
 * The browser's side of the inbound figure: a real websocket on a thread of its own, as a browser
 * would be (parsing every frame on the server's event loop would slow the server it measures). It
 * posts back each ticket frame's last message and when it arrived; times are absolute (timeOrigin + now).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Opens the socket; each frame whose body is in `sentAt` adds its latency to `latencies` and leaves `sentAt`. */
export async function openBrowser(port: number, token: string, sentAt: Map<string, number>, latencies: number[]): Promise<Worker> {
  const browser = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const WebSocket = require(workerData.ws);
    const socket = new WebSocket(workerData.url);
    // The token travels in the first message, never in the URL; frames flow once the edge accepts it.
    socket.on('open', () => socket.send(JSON.stringify({ event: 'authenticate', data: workerData.token })));
    socket.on('error', (error) => parentPort.postMessage({ error: String(error) }));
    socket.on('close', (code) => parentPort.postMessage({ error: 'socket closed ' + code }));
    socket.on('message', (raw) => {
      const at = performance.timeOrigin + performance.now();
      // Only ticket frames are timed: the others are not parsed, so that this stand-in for a
      // browser on another machine takes as little as it can of the two cores it shares with the server.
      const text = String(raw);
      if (text === '{"event":"authenticated"}') return void parentPort.postMessage({ open: true });
      if (!text.startsWith('{"event":"company-') || !text.includes('-ticket"', 18)) return;
      const frame = JSON.parse(text);
      const body = frame.event.endsWith('-ticket') ? frame.data.ticket?.lastMessage : undefined;
      if (body !== undefined) parentPort.postMessage({ body, at });
    });
    parentPort.on('message', () => socket.close());`,
    { eval: true, workerData: { ws: createRequire(import.meta.url).resolve('ws'), url: `ws://127.0.0.1:${port}/socket`, token } },
  );
  await new Promise<void>((resolve, reject) => {
    browser.once('message', (answer: { open?: boolean; error?: string }) => (answer.open ? resolve() : reject(new Error(answer.error))));
    browser.once('error', reject);
  });
  browser.on('message', ({ body, at }: { body: string; at: number }) => {
    const t0 = sentAt.get(body);
    if (t0 !== undefined) {
      latencies.push(at - t0);
      sentAt.delete(body);
    }
  });
  return browser;
}

/** Closes the socket and ends the thread. */
export async function closeBrowser(browser: Worker) {
  browser.postMessage('close');
  await browser.terminate();
}
