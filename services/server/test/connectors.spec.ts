import { ConnectorError } from '@conversa/core';
import { createHttpConnectors } from '@conversa/routing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectorFakes, type ConnectorFakes } from './connector-fakes';

// The HTTP adapters against the local fakes: request shapes, answers, errors and timeouts.
let fakes: ConnectorFakes;
let connectors: ReturnType<typeof createHttpConnectors>;

beforeAll(async () => {
  fakes = await startConnectorFakes();
  connectors = createHttpConnectors({
    // Generous for a loaded machine; the timeout test's fake waits far longer.
    timeoutMs: 1_500,
    // The fakes listen on 127.0.0.1: the private-address guard is lifted here and tested on its own below.
    allowPrivateUrls: true,
    aiApiUrl: fakes.env.AI_API_URL,
    dialogflowApiUrl: fakes.env.DIALOGFLOW_API_URL,
    dialogflowTokenUrl: fakes.env.DIALOGFLOW_TOKEN_URL,
    ttsUrl: fakes.env.TTS_URL,
  });
});
afterAll(() => fakes.close());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
};

describe('typebot adapter', () => {
  it('starts a chat, continues it, and sees the flow end', async () => {
    fakes.typebot('pedido-abc', (text, turn) =>
      turn === 0 ? { messages: ['Olá!', 'Qual seu pedido?'], awaitsInput: true } : { messages: [`Pedido ${text} localizado.`], awaitsInput: false },
    );
    const base = `${fakes.url}/typebot`;
    const first = await connectors.typebot.startChat({ baseUrl: base, publicId: 'pedido-abc', message: 'oi' });
    expect(first).toMatchObject({ messages: ['Olá!', 'Qual seu pedido?'], awaitsInput: true });
    expect(first.sessionId).toEqual(expect.any(String));
    const second = await connectors.typebot.continueChat({ baseUrl: `${base}/`, sessionId: first.sessionId!, message: '42' });
    expect(second).toEqual({ sessionId: first.sessionId, messages: ['Pedido 42 localizado.'], awaitsInput: false });
    const request = fakes.requests.find((r) => r.path.endsWith('/continueChat'))!;
    expect(request.body).toEqual({ message: { type: 'text', text: '42' }, textBubbleContentFormat: 'markdown' });
    // The session is over: Typebot answers 404, which the bot reads as an expired session.
    expect((await failure(connectors.typebot.continueChat({ baseUrl: base, sessionId: first.sessionId!, message: 'x' }))).status).toBe(404);
    expect((await failure(connectors.typebot.startChat({ baseUrl: base, publicId: 'missing', message: 'oi' }))).reason).toBe('http');
  });
});

describe('webhook adapter', () => {
  const payload = {
    event: 'message' as const,
    companyId: 1,
    ticket: { id: 5, uuid: 'u', status: 'pending', queueId: null },
    contact: { id: 2, name: 'Ana', number: '5511999990000' },
    message: { id: 'm1', body: 'quero falar com alguém', mediaType: 'chat', fromMe: false as const },
    integration: { id: 3, name: 'n8n', type: 'n8n' as const },
  };

  it('posts the message with its ticket and contact, and reads text, JSON and n8n arrays', async () => {
    fakes.webhook('text', () => ({ text: 'Oi Ana' }));
    fakes.webhook('json', (body) => ({ json: { replies: [`Recebi: ${body.message.body}`], action: 'transfer' } }));
    fakes.webhook('n8n', () => ({ json: [{ output: 'Resposta do agente' }] }));
    fakes.webhook('empty', () => ({ status: 204, text: '' }));
    expect(await connectors.webhook.post(`${fakes.url}/hooks/text`, payload)).toEqual({ replies: ['Oi Ana'], handOver: false });
    expect(await connectors.webhook.post(`${fakes.url}/hooks/json`, payload)).toEqual({ replies: ['Recebi: quero falar com alguém'], handOver: true });
    expect(await connectors.webhook.post(`${fakes.url}/hooks/n8n`, payload)).toEqual({ replies: ['Resposta do agente'], handOver: false });
    expect(await connectors.webhook.post(`${fakes.url}/hooks/empty`, payload)).toEqual({ replies: [], handOver: false });
    expect(fakes.requests.find((r) => r.path === '/hooks/json')!.body).toEqual(payload);
  });

  it('names an HTTP failure and a timeout', async () => {
    fakes.webhook('broken', () => ({ status: 500, json: { error: 'boom' } }));
    expect(await failure(connectors.webhook.post(`${fakes.url}/hooks/broken`, payload))).toMatchObject({ reason: 'http', status: 500 });
    fakes.webhook('slow', () => ({ text: 'late' }));
    fakes.slow('/hooks/slow', 5_000);
    const started = Date.now();
    expect((await failure(connectors.webhook.post(`${fakes.url}/hooks/slow`, payload))).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await failure(connectors.webhook.post('http://127.0.0.1:1/nothing', payload))).reason).toBe('network');
  });
});

describe('dialogflow adapter', () => {
  it('signs a service-account assertion for a token, then detects the intent', async () => {
    fakes.dialogflow('fake-project', (text, language) =>
      /atendente/i.test(text) ? { intent: 'Falar com atendente', texts: ['Vou chamar alguém.'] } : { intent: 'Saudação', texts: [`Olá (${language})`] },
    );
    const input = { credentials: fakes.serviceAccount, projectId: 'fake-project', sessionId: 'ticket-7', languageCode: 'pt-BR' };
    expect(await connectors.dialogflow.detectIntent({ ...input, text: 'oi' })).toEqual({ texts: ['Olá (pt-BR)'], intent: 'Saudação', handOver: false });
    expect(await connectors.dialogflow.detectIntent({ ...input, text: 'quero um atendente' })).toMatchObject({ handOver: true });
    // One token serves both calls.
    expect(fakes.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1);
  });

  it('refuses a key the token endpoint does not know', async () => {
    const { privateKey } = await import('node:crypto').then((c) =>
      c.generateKeyPairSync('rsa', {
        modulusLength: 1024,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }),
    );
    const stranger = { ...fakes.serviceAccount, client_email: 'other@x.iam.gserviceaccount.com', private_key: privateKey };
    const error = await failure(
      connectors.dialogflow.detectIntent({ credentials: stranger, projectId: 'fake-project', sessionId: 's', text: 'oi', languageCode: 'pt-BR' }),
    );
    expect(error.status).toBe(400);
  });
});

describe('AI adapters', () => {
  it('asks an OpenAI-compatible chat completion with the prompt, temperature and max tokens', async () => {
    fakes.ai('sk-test-key-1234', (messages) => `Eco: ${messages.at(-1)!.content}`);
    const text = await connectors.ai.complete({
      apiKey: 'sk-test-key-1234',
      temperature: 0.5,
      maxTokens: 50,
      messages: [
        { role: 'system', content: 'Seja breve.' },
        { role: 'user', content: 'Oi' },
      ],
    });
    expect(text).toBe('Eco: Oi');
    const body = fakes.requests.findLast((r) => r.path === '/ai/chat/completions')!.body;
    expect(body).toMatchObject({ temperature: 0.5, max_tokens: 50, messages: [{ role: 'system' }, { role: 'user', content: 'Oi' }] });
    expect((await failure(connectors.ai.complete({ apiKey: 'wrong', temperature: 1, maxTokens: 5, messages: [] }))).reason).toBe('credentials');
  });

  it('speaks a text with the voice of the region and key', async () => {
    fakes.speechKey('speech-key');
    const audio = await connectors.speech.synthesize({ region: 'brazilsouth', key: 'speech-key', voice: 'pt-BR-FranciscaNeural', text: 'Olá & bem-vindo' });
    expect(audio.length).toBeGreaterThan(10);
    expect(fakes.requests.findLast((r) => r.path.startsWith('/tts/'))!.body).toContain('Olá &amp; bem-vindo');
    expect((await failure(connectors.speech.synthesize({ region: 'brazilsouth', key: 'nope', voice: 'pt-BR-FranciscaNeural', text: 'x' }))).reason).toBe(
      'credentials',
    );
    expect((await failure(connectors.speech.synthesize({ region: 'bad region!', key: 'speech-key', voice: 'v', text: 'x' }))).reason).toBe('credentials');
  });

  it('the fakes saw no request breaking a contract', () => {
    expect(fakes.violations).toEqual([]);
  });
});
