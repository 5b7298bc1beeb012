import { isRefusedAddress, refusingLookup } from '@conversa/core';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

/** The code a refused dial carries, so request() tells it from any other network failure. */
export const ADDRESS_REFUSED = 'ERR_INTEGRATION_URL_NOT_ALLOWED';

const agentOptions = { keepAlive: true, maxSockets: 8 };
const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

/**
 * fetch for a URL a company gave (Typebot, n8n, webhook): node's http client with a DNS lookup that
 * refuses private, loopback and link-local answers, so the address actually dialled is the one
 * checked (global fetch offers no lookup hook). Answers a standard Response; abort by `signal`.
 * `refused` is isRefusedAddress but for tests, whose local servers stand for the internet.
 */
export function createGuardedFetch(refused: (address: string) => boolean = isRefusedAddress) {
  const lookup = refusingLookup(ADDRESS_REFUSED, refused);
  return (url: string, init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal }) =>
    guardedRequest(url, init, lookup, refused);
}

export const guardedFetch = createGuardedFetch();

function guardedRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
  lookup: ReturnType<typeof refusingLookup>,
  refused: (address: string) => boolean,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) !== 0 && refused(host)) return reject(Object.assign(new Error(`address refused: ${target.hostname}`), { code: ADDRESS_REFUSED }));
    const secure = target.protocol === 'https:';
    const body = init.body ?? '';
    const request = (secure ? https : http).request(
      target,
      {
        method: init.method ?? 'POST',
        agent: secure ? agents.https : agents.http,
        headers: { ...init.headers, 'content-length': Buffer.byteLength(body) },
        lookup,
        signal: init.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
          const status = response.statusCode ?? 502;
          const empty = status === 204 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status: status < 200 || status > 599 ? 502 : status, headers }));
        });
      },
    );
    request.on('error', (error) => reject(init.signal?.aborted ? init.signal.reason : error));
    request.end(body);
  });
}
