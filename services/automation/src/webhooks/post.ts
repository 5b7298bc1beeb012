import { isRefusedAddress } from '@conversa/core';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

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

/**
 * A DNS lookup that refuses private, loopback and link-local answers: the check happens on the
 * address actually connected to, so a name that resolves differently at save time and at send time
 * (DNS rebinding) is still refused.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as unknown as LookupAddress[];
    const refused = list.find((entry) => isRefusedAddress(entry.address));
    if (refused || list.length === 0) return callback(Object.assign(new Error(`address refused: ${hostname} resolves to ${refused?.address ?? 'nothing'}`), { code: 'ERR_WEBHOOK_URL_REFUSED' }), '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

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
      if (!options.allowPrivateUrls && /^[\d.]+$|:/.test(host) && isRefusedAddress(host)) return resolve({ status: null, body: null, error: `address refused: ${host}` });
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
          response.on('end', () => finish({ status: response.statusCode ?? null, body: Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8'), error: null }));
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
