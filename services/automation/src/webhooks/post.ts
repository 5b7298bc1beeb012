import { isRefusedAddress, refusingLookup } from '@conversa/core';
import http from 'node:http';
import https from 'node:https';

export interface PostResult {
  /** null when no answer came (timeout, refused address, connection error). */
  status: number | null;
  /** First KB of the answer. */
  body: string | null;
  error: string | null;
}

/** How the deliverer reaches a receiver; tests and benches may pass their own. */
export type WebhookPoster = (url: string, body: string, headers: Record<string, string>, options: { timeoutMs: number }) => Promise<PostResult>;

const RESPONSE_KEEP_BYTES = 1024;

/** The deliverer's DNS lookup: private, loopback and link-local answers refused (DNS rebinding included). */
const guardedLookup = refusingLookup('ERR_WEBHOOK_URL_REFUSED');

/** POSTs with node's http client: a hard timeout on the whole exchange, the private-address guard unless allowed. */
export function createWebhookPoster(options: { allowPrivateUrls: boolean }): WebhookPoster {
  const agentOptions = { keepAlive: true, maxSockets: 4 };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  return (url, body, headers, { timeoutMs }) =>
    new Promise<PostResult>((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve({ status: null, body: null, error: 'invalid url' });
      }
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivateUrls && /^[\d.]+$|:/.test(host) && isRefusedAddress(host))
        return resolve({ status: null, body: null, error: `address refused: ${host}` });
      const client = target.protocol === 'https:' ? https : http;
      let settled = false;
      const finish = (result: PostResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const request = client.request(
        target,
        {
          method: 'POST',
          agent: target.protocol === 'https:' ? agents.https : agents.http,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Conversa-Webhooks/1', ...headers },
          ...(options.allowPrivateUrls ? {} : { lookup: guardedLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_KEEP_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
          });
          response.on('end', () =>
            finish({ status: response.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'), error: null }),
          );
          response.on('error', (error) => finish({ status: response.statusCode ?? null, body: null, error: error.message }));
        },
      );
      // The whole exchange, not only the idle socket: a receiver trickling bytes must not hold an attempt.
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      request.on('error', (error) => finish({ status: null, body: null, error: error.message || String(error) }));
      request.end(body);
    });
}
