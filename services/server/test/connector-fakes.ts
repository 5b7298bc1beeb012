import { createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One local HTTP server playing every connector's service, each enforcing the request contract of
 * the real API (paths, methods, headers, body shapes, credentials): Typebot's chat API, webhooks
 * (n8n), Dialogflow ES detectIntent behind a Google-style token endpoint, an OpenAI-compatible
 * chat completion and Azure text to speech. A request that breaks the contract answers 400/401 and
 * is kept in `violations`, so a test can assert there were none.
 */

export interface TypebotFlowTurn {
  messages: string[];
  /** false: the flow ends after these messages. */
  awaitsInput: boolean;
}

export interface Recorded {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface ConnectorFakes {
  url: string;
  /** Env of a product wired to this fake. */
  env: Record<string, string>;
  /** Everything asked, in order. */
  requests: Recorded[];
  violations: string[];
  /** A Typebot flow by public id: answers each text of a session (turn 0 is the startChat message). */
  typebot(publicId: string, flow: (text: string, turn: number) => TypebotFlowTurn): void;
  /** A webhook at /hooks/{name}: the answer's status, content type and body. */
  webhook(name: string, answer: (body: any) => { status?: number; json?: unknown; text?: string }): void;
  /** Dialogflow: the intent matched for a text in a project. */
  dialogflow(projectId: string, match: (text: string, languageCode: string) => { intent: string; texts: string[]; endInteraction?: boolean }): void;
  /** The service-account key Dialogflow's fake token endpoint accepts. */
  serviceAccount: { type: 'service_account'; client_email: string; private_key: string; token_uri: string; project_id: string };
  /** API keys the chat completion accepts, and how it answers. */
  ai(apiKey: string, answer: (messages: Array<{ role: string; content: string }>, body: any) => string): void;
  /** Speech keys the TTS endpoint accepts. */
  speechKey(key: string): void;
  /** Paths that answer after `ms` (a timeout test), or `status` with no useful body. */
  slow(pathPrefix: string, ms: number): void;
  failing(pathPrefix: string, status: number): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
  });

const send = (response: ServerResponse, status: number, body: unknown, type = 'application/json') => {
  if (response.writableEnded || response.destroyed) return;
  response.writeHead(status, { 'content-type': type });
  response.end(typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body));
};

export async function startConnectorFakes(): Promise<ConnectorFakes> {
  const requests: Recorded[] = [];
  const violations: string[] = [];
  const flows = new Map<string, (text: string, turn: number) => TypebotFlowTurn>();
  const sessions = new Map<string, { publicId: string; turn: number; ended: boolean }>();
  const hooks = new Map<string, (body: any) => { status?: number; json?: unknown; text?: string }>();
  const projects = new Map<string, (text: string, languageCode: string) => { intent: string; texts: string[]; endInteraction?: boolean }>();
  const aiKeys = new Map<string, (messages: Array<{ role: string; content: string }>, body: any) => string>();
  const speechKeys = new Set<string>();
  const slowPaths = new Map<string, number>();
  const failingPaths = new Map<string, number>();
  const accessTokens = new Set<string>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const clientEmail = 'conversa-bot@fake-project.iam.gserviceaccount.com';
  let url = '';

  const refuse = (response: ServerResponse, status: number, why: string) => {
    violations.push(why);
    send(response, status, { error: why });
  };

  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const raw = await readBody(request);
    const type = request.headers['content-type'] ?? '';
    let body: any = raw;
    if (type.includes('application/json')) {
      try {
        body = JSON.parse(raw);
      } catch {
        return refuse(response, 400, `${path}: body is not JSON`);
      }
    }
    requests.push({ path, headers: request.headers, body });
    for (const [prefix, ms] of slowPaths) if (path.startsWith(prefix)) await new Promise((resolve) => setTimeout(resolve, ms));
    for (const [prefix, status] of failingPaths) if (path.startsWith(prefix)) return send(response, status, { error: 'failing on purpose' });
    if (request.method !== 'POST') return refuse(response, 405, `${path}: ${request.method} instead of POST`);

    // Typebot: POST /typebot/api/v1/typebots/{publicId}/startChat, /typebot/api/v1/sessions/{id}/continueChat
    let match = /^\/typebot\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (match) {
      if (!type.includes('application/json')) return refuse(response, 400, 'typebot: content-type must be JSON');
      const flow = flows.get(decodeURIComponent(match[1]!));
      if (!flow) return send(response, 404, { message: 'Typebot not found', code: 'NOT_FOUND' });
      if (body.message !== undefined && (body.message?.type !== 'text' || typeof body.message?.text !== 'string'))
        return refuse(response, 400, 'typebot: message must be { type: "text", text }');
      const sessionId = randomUUID();
      const turn = flow(body.message?.text ?? '', 0);
      sessions.set(sessionId, { publicId: decodeURIComponent(match[1]!), turn: 1, ended: !turn.awaitsInput });
      return send(response, 200, typebotAnswer(turn, sessionId, body.textBubbleContentFormat));
    }
    match = /^\/typebot\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session || session.ended) return send(response, 404, { message: 'Session not found.', code: 'NOT_FOUND' });
      if (body.message?.type !== 'text' || typeof body.message?.text !== 'string')
        return refuse(response, 400, 'typebot: continueChat needs message { type: "text", text }');
      const turn = flows.get(session.publicId)!(body.message.text, session.turn++);
      session.ended = !turn.awaitsInput;
      return send(response, 200, typebotAnswer(turn, undefined, body.textBubbleContentFormat));
    }

    match = /^\/hooks\/([^/]+)$/.exec(path);
    if (match) {
      if (!type.includes('application/json')) return refuse(response, 400, 'webhook: content-type must be JSON');
      if (typeof body?.message?.body !== 'string' || typeof body?.ticket?.id !== 'number' || typeof body?.contact?.number !== 'string')
        return refuse(response, 400, 'webhook: payload lacks message, ticket or contact');
      const hook = hooks.get(match[1]!);
      if (!hook) return send(response, 404, { message: 'Webhook not registered' });
      const answer = hook(body);
      if (answer.text !== undefined) return send(response, answer.status ?? 200, answer.text, 'text/plain');
      return send(response, answer.status ?? 200, answer.json ?? '');
    }

    if (path === '/oauth/token') {
      if (!type.includes('application/x-www-form-urlencoded')) return refuse(response, 400, 'token: content-type must be a form');
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return refuse(response, 400, 'token: wrong grant_type');
      const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${header}.${claims}`);
      if (!header || !claims || !signature || !verifier.verify(publicKey, Buffer.from(signature, 'base64url')))
        return send(response, 400, { error: 'invalid_grant' });
      const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString());
      if (decoded.iss !== clientEmail || decoded.aud !== `${url}/oauth/token` || !String(decoded.scope).includes('cloud-platform'))
        return send(response, 400, { error: 'invalid_grant' });
      const token = `ya29.${randomUUID()}`;
      accessTokens.add(token);
      return send(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }

    match = /^\/dialogflow\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(path);
    if (match) {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      if (!accessTokens.has(token)) return send(response, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      const text = body?.queryInput?.text?.text;
      const languageCode = body?.queryInput?.text?.languageCode;
      if (typeof text !== 'string' || typeof languageCode !== 'string') return refuse(response, 400, 'dialogflow: queryInput.text needs text and languageCode');
      const project = projects.get(decodeURIComponent(match[1]!));
      if (!project) return send(response, 404, { error: { code: 404, status: 'NOT_FOUND' } });
      const result = project(text, languageCode);
      return send(response, 200, {
        responseId: randomUUID(),
        queryResult: {
          queryText: text,
          languageCode,
          fulfillmentText: result.texts[0] ?? '',
          fulfillmentMessages: [{ text: { text: result.texts } }],
          intent: { name: `projects/${match[1]}/agent/intents/${randomUUID()}`, displayName: result.intent, endInteraction: result.endInteraction ?? false },
        },
      });
    }

    if (path === '/ai/chat/completions') {
      const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const answer = aiKeys.get(key);
      if (!answer) return send(response, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
      const ok =
        typeof body?.model === 'string' &&
        Array.isArray(body.messages) &&
        body.messages.every((m: any) => ['system', 'user', 'assistant'].includes(m?.role) && typeof m?.content === 'string') &&
        typeof body.temperature === 'number' &&
        Number.isInteger(body.max_tokens);
      if (!ok) return refuse(response, 400, 'ai: body needs model, messages [{role, content}], temperature, max_tokens');
      return send(response, 200, {
        id: `chatcmpl-${randomUUID()}`,
        object: 'chat.completion',
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer(body.messages, body) } }],
      });
    }

    match = /^\/tts\/([a-z0-9-]+)\/cognitiveservices\/v1$/.exec(path);
    if (match) {
      if (!speechKeys.has(String(request.headers['ocp-apim-subscription-key'] ?? ''))) return send(response, 401, { error: 'Access denied' });
      if (
        !type.includes('application/ssml+xml') ||
        !request.headers['x-microsoft-outputformat'] ||
        !/<speak[\s\S]*<voice[^>]+name='[^']+'>[\s\S]+<\/voice><\/speak>/.test(raw)
      ) {
        return refuse(response, 400, 'tts: needs SSML with a voice, and X-Microsoft-OutputFormat');
      }
      // An ID3 tag and one MPEG frame header: what a file sniffer recognises as MP3.
      return send(response, 200, new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64, ...new Array(400).fill(0)]), 'audio/mpeg');
    }
    return send(response, 404, { error: `no fake at ${path}` });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const serviceAccount = {
    type: 'service_account' as const,
    client_email: clientEmail,
    private_key: privateKey,
    token_uri: `${url}/oauth/token`,
    project_id: 'fake-project',
  };

  return {
    url,
    env: {
      AI_API_URL: `${url}/ai`,
      DIALOGFLOW_API_URL: `${url}/dialogflow`,
      DIALOGFLOW_TOKEN_URL: `${url}/oauth/token`,
      TTS_URL: `${url}/tts/{region}/cognitiveservices/v1`,
      CONNECTOR_TIMEOUT_MS: '2000',
      OUTBOUND_ALLOW_PRIVATE_URLS: 'true',
    },
    requests,
    violations,
    serviceAccount,
    typebot: (publicId, flow) => void flows.set(publicId, flow),
    webhook: (name, answer) => void hooks.set(name, answer),
    dialogflow: (projectId, match) => void projects.set(projectId, match),
    ai: (apiKey, answer) => void aiKeys.set(apiKey, answer),
    speechKey: (key) => void speechKeys.add(key),
    slow: (prefix, ms) => void (ms > 0 ? slowPaths.set(prefix, ms) : slowPaths.delete(prefix)),
    failing: (prefix, status) => void (status > 0 ? failingPaths.set(prefix, status) : failingPaths.delete(prefix)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function typebotAnswer(turn: TypebotFlowTurn, sessionId: string | undefined, format: unknown) {
  const messages = turn.messages.map((text) => ({
    id: randomUUID(),
    type: 'text',
    content: format === 'markdown' ? { type: 'markdown', markdown: text } : { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] },
  }));
  return {
    ...(sessionId ? { sessionId, typebot: { id: 'tb', theme: {}, settings: {} } } : {}),
    messages,
    ...(turn.awaitsInput ? { input: { id: randomUUID(), type: 'text input', options: { labels: { placeholder: 'Digite…' } } } } : {}),
  };
}
