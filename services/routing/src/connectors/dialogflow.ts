import { createSign } from 'node:crypto';
import { ConnectorError, type DialogflowPort } from '@conversa/core';
import type { ServiceAccount } from '@conversa/contracts';
import { postJson, request, trimSlash, type HttpOptions } from './http';

export interface DialogflowOptions extends HttpOptions {
  /** DIALOGFLOW_API_URL: https://dialogflow.googleapis.com by default. */
  apiUrl?: string;
  /** DIALOGFLOW_TOKEN_URL: Google's token endpoint by default. The key's own token_uri is not followed: a pasted key must not send signed assertions elsewhere. */
  tokenUrl?: string;
  now?: () => Date;
}

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Intents whose name says a person should answer. */
const HAND_OVER_INTENT = /atendente|humano|pessoa|human|agent|transfer/i;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The service account's signed assertion (RFC 7523 JWT bearer grant), RS256. */
export function serviceAccountAssertion(account: ServiceAccount, tokenUrl: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: account.client_email, scope: SCOPE, aud: tokenUrl, iat, exp: iat + 3600 }));
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  return `${header}.${claims}.${signer.sign(account.private_key).toString('base64url')}`;
}

/**
 * Dialogflow ES v2 detectIntent with an OAuth token from the service account (cached until a minute
 * before it expires, per account).
 */
export function createDialogflowHttp(options: DialogflowOptions = {}): DialogflowPort {
  const apiUrl = trimSlash(options.apiUrl ?? 'https://dialogflow.googleapis.com');
  const now = options.now ?? (() => new Date());
  const tokens = new Map<string, { token: string; until: number }>();

  async function token(account: ServiceAccount): Promise<string> {
    const tokenUrl = options.tokenUrl ?? 'https://oauth2.googleapis.com/token';
    const key = `${account.client_email}|${tokenUrl}`;
    const cached = tokens.get(key);
    if (cached && cached.until > now().getTime()) return cached.token;
    let assertion: string;
    try {
      assertion = serviceAccountAssertion(account, tokenUrl, now());
    } catch {
      throw new ConnectorError('dialogflow', 'credentials', 'dialogflow: the service-account private key cannot sign');
    }
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion });
    const response = await request(
      'dialogflow',
      tokenUrl,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      options,
    );
    const body = (await response.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (!body?.access_token) throw new ConnectorError('dialogflow', 'credentials', 'dialogflow: the token endpoint answered no access_token');
    tokens.set(key, { token: body.access_token, until: now().getTime() + Math.max(0, (body.expires_in ?? 3600) - 60) * 1000 });
    return body.access_token;
  }

  return {
    async detectIntent({ credentials, projectId, sessionId, text, languageCode }) {
      const bearer = await token(credentials);
      const url = `${apiUrl}/v2/projects/${encodeURIComponent(projectId)}/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
      const answer = await postJson<{
        queryResult?: {
          fulfillmentText?: string;
          fulfillmentMessages?: Array<{ text?: { text?: string[] } }>;
          intent?: { displayName?: string; endInteraction?: boolean };
        };
      }>('dialogflow', url, { queryInput: { text: { text, languageCode } } }, options, { authorization: `Bearer ${bearer}` });
      const result = answer?.queryResult;
      if (!result) throw new ConnectorError('dialogflow', 'answer', 'dialogflow: no queryResult');
      const fromMessages = (result.fulfillmentMessages ?? []).flatMap((m) => m.text?.text ?? []).filter((t) => t.trim() !== '');
      const texts = fromMessages.length > 0 ? fromMessages : result.fulfillmentText ? [result.fulfillmentText] : [];
      const intent = result.intent?.displayName ?? null;
      return { texts, intent, handOver: result.intent?.endInteraction === true || (intent !== null && HAND_OVER_INTENT.test(intent)) };
    },
  };
}
