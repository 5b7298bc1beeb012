import { ConnectorError } from '@conversa/core';
import { ADDRESS_REFUSED, guardedFetch } from './guarded';

export type ConnectorName = ConstructorParameters<typeof ConnectorError>[0];

/** Every connector call is bounded: a silent service must not hold the bot (CONNECTOR_TIMEOUT_MS). */
export const DEFAULT_CONNECTOR_TIMEOUT_MS = 10_000;

export interface HttpOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** OUTBOUND_ALLOW_PRIVATE_URLS: a company's URL may lead to a private, loopback or link-local address (development, tests). */
  allowPrivateUrls?: boolean;
}

/**
 * A request whose failure is a ConnectorError naming why (timeout, status, network, refused address,
 * unreadable answer). `companyUrl`: the URL is a company's (Typebot, n8n, webhook), so its address is
 * checked where it is dialled unless allowPrivateUrls; operators' URLs (AI, Dialogflow, TTS) are not.
 */
export async function request(
  connector: ConnectorName,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  options: HttpOptions,
  companyUrl = false,
): Promise<Response> {
  const doFetch = companyUrl && !options.allowPrivateUrls ? guardedFetch : (options.fetch ?? fetch);
  let response: Response;
  try {
    // A company's URL is never followed elsewhere (a redirect could lead past the address check): 3xx is a failure.
    response = await doFetch(url, {
      method: init.method ?? 'POST',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_CONNECTOR_TIMEOUT_MS),
      ...(companyUrl ? { redirect: 'manual' as const } : {}),
    });
  } catch (error) {
    const name = (error as Error).name;
    if ((error as { code?: string }).code === ADDRESS_REFUSED) throw new ConnectorError(connector, 'address', `${connector}: ${(error as Error).message}`);
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ConnectorError(connector, 'timeout', `${connector}: no answer within ${options.timeoutMs ?? DEFAULT_CONNECTOR_TIMEOUT_MS} ms`);
    throw new ConnectorError(connector, 'network', `${connector}: ${(error as Error).message}`);
  }
  if (companyUrl && response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => {});
    throw new ConnectorError(connector, 'http', `${connector}: HTTP ${response.status}: redirects are not followed`, response.status);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ConnectorError(
      connector,
      response.status === 401 || response.status === 403 ? 'credentials' : 'http',
      `${connector}: HTTP ${response.status} ${text.slice(0, 200)}`,
      response.status,
    );
  }
  return response;
}

export async function postJson<T>(
  connector: ConnectorName,
  url: string,
  body: unknown,
  options: HttpOptions,
  headers: Record<string, string> = {},
  companyUrl = false,
): Promise<T> {
  const response = await request(
    connector,
    url,
    { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
    options,
    companyUrl,
  );
  try {
    return (await response.json()) as T;
  } catch {
    throw new ConnectorError(connector, 'answer', `${connector}: the answer is not JSON`);
  }
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
