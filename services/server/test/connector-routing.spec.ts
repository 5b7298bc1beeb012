import { RecordingChannelGateway } from '@conversa/channels';
import { BOT_MARK, BOT_TEXTS } from '@conversa/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startConnectorFakes, type ConnectorFakes } from './connector-fakes';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * The bot hands sandbox conversations to connectors (Typebot, n8n webhook, Dialogflow, an AI
 * prompt) against the local fakes, and each hands the ticket back to people.
 */
let server: TestServer;
let fakes: ConnectorFakes;
let gateway: RecordingChannelGateway;
let admin: { token: string; companyId: number; userId: number };
let companies = 0;
let colour = 0x300000;
let phone = 5511950000000;

beforeAll(async () => {
  fakes = await startConnectorFakes();
  gateway = new RecordingChannelGateway();
  server = await startTestServer({ channels: gateway, env: { ...fakes.env, CONNECTOR_TIMEOUT_MS: '2500' } });
});
beforeEach(async () => {
  companies++;
  const company = await signupCompany(server, `Connectors ${companies}`, 930 + companies);
  admin = { token: (await server.login(company.email, company.password)).token, companyId: company.companyId, userId: company.userId };
});
afterAll(async () => {
  await server?.close();
  await fakes?.close();
});

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const response = await server.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
};
const integration = (body: object) => call('POST', '/queueIntegration', body);
const queue = (name: string, extra: object = {}) =>
  call('POST', '/queue', { name, color: `#${(colour++).toString(16)}`, greetingMessage: `Fila ${name}.`, ...extra });
const sandbox = async (fields: object = {}) => {
  const created = await call('POST', '/whatsapp', { name: `Sandbox ${colour++}`, channel: 'sandbox', ...fields });
  return { id: created.id as number, token: created.token as string };
};

function contact(connection: { id: number; token: string }, name = 'Joana Lima') {
  const number = String(phone++);
  return {
    number,
    async say(body: string): Promise<{ ticketId: number }> {
      const response = await server.app.inject({
        method: 'POST',
        url: `/sandbox/${connection.id}/messages`,
        headers: bearer(connection.token),
        payload: { from: number, name, body },
      });
      expect(response.statusCode, response.body).toBe(202);
      await settle(server);
      return response.json();
    },
    received: () => gateway.sent.filter((message) => message.contact.number === number).map((message) => message.body.replaceAll(BOT_MARK, '')),
  };
}
const ticketOf = (id: number) => call('GET', `/tickets/${id}`);

describe('connectors take the conversation and hand it over', () => {
  it('a queue with an n8n webhook: posts each message with ticket and contact, sends the answer, hands over on its signal', async () => {
    fakes.webhook('pedidos', (body) =>
      /humano/.test(body.message.body)
        ? { json: { reply: 'Vou chamar alguém.', action: 'transfer' } }
        : { json: [{ output: `Pedido de ${body.contact.name}: ${body.message.body}` }] },
    );
    const hook = await integration({ type: 'n8n', name: 'Pedidos', urlN8N: `${fakes.url}/hooks/pedidos` });
    const sales = await queue('Vendas', { integrationId: hook.id });
    const connection = await sandbox({ queueIds: [sales.id] });
    const joana = contact(connection);

    const { ticketId } = await joana.say('quero 2 pizzas');
    expect(joana.received()).toEqual(['Pedido de Joana Lima: quero 2 pizzas']);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: sales.id, useIntegration: true });
    const posted = fakes.requests.filter((r) => r.path === '/hooks/pedidos').at(-1)!.body;
    expect(posted).toMatchObject({
      event: 'message',
      ticket: { id: ticketId, queueId: sales.id },
      contact: { name: 'Joana Lima', number: joana.number },
      message: { body: 'quero 2 pizzas' },
    });

    await joana.say('quero um humano');
    expect(joana.received().at(-1)).toBe('Vou chamar alguém.');
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: sales.id, useIntegration: false });
    // Handed over: the webhook hears no more.
    const asked = fakes.requests.filter((r) => r.path === '/hooks/pedidos').length;
    await joana.say('olá?');
    expect(fakes.requests.filter((r) => r.path === '/hooks/pedidos')).toHaveLength(asked);
  });

  it('a chatbot option of type integration starts a Typebot flow, honours its delay and restart keyword, and hands over when the flow ends', async () => {
    fakes.typebot('cadastro', (text, turn) => {
      if (turn === 0) return { messages: ['Olá! Eu sou o robô.', 'Qual é o seu e-mail?'], awaitsInput: true };
      return { messages: [`Obrigado, anotei ${text}.`], awaitsInput: false };
    });
    const flow = await integration({
      type: 'typebot',
      name: 'Cadastro',
      urlN8N: `${fakes.url}/typebot`,
      typebotSlug: 'cadastro',
      typebotDelayMessage: 50,
      typebotKeywordRestart: 'reiniciar',
      typebotRestartMessage: 'Recomeçando.',
    });
    const support = await queue('Suporte', {
      chatbots: [
        { name: 'Cadastro', queueType: 'integration', optIntegrationId: flow.id, greetingMessage: '' },
        { name: 'Outros', queueType: 'text', greetingMessage: 'ok' },
      ],
    });
    const other = await queue('Zeta');
    const connection = await sandbox({ queueIds: [support.id, other.id], greetingMessage: 'Escolha:' });
    const ana = contact(connection, 'Ana');

    const { ticketId } = await ana.say('oi');
    await ana.say('1'); // Suporte
    await ana.say('1'); // Cadastro → Typebot
    expect(ana.received().slice(-2)).toEqual(['Olá! Eu sou o robô.', 'Qual é o seu e-mail?']);
    const start = fakes.requests.filter((r) => r.path === '/typebot/api/v1/typebots/cadastro/startChat').at(-1)!;
    expect(start.body).toMatchObject({ message: { type: 'text', text: '1' }, prefilledVariables: { number: ana.number, pushName: 'Ana' } });

    await ana.say('reiniciar');
    expect(ana.received().at(-1)).toBe('Recomeçando.');
    await ana.say('de novo');
    expect(ana.received().slice(-2)).toEqual(['Olá! Eu sou o robô.', 'Qual é o seu e-mail?']);
    await ana.say('ana@example.com');
    expect(ana.received().at(-1)).toBe('Obrigado, anotei ana@example.com.');
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: support.id, useIntegration: false });
    const journal = await server.wiring.store.readStream(`ticketbot-${ticketId}`);
    expect(journal.at(-1)).toMatchObject({ type: 'BotHandedOver', data: { reason: 'connector' } });
  });

  it('a connection bound to Dialogflow detects intents and hands over on the intent asking for a person', async () => {
    fakes.dialogflow('fake-project', (text) =>
      /atendente/i.test(text)
        ? { intent: 'Falar com atendente', texts: ['Transferindo para um atendente.'] }
        : { intent: 'Horário', texts: ['Abrimos às 8h.'] },
    );
    const agent = await integration({
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'fake-project',
      jsonContent: JSON.stringify(fakes.serviceAccount),
      language: 'pt-BR',
    });
    const connection = await sandbox({ integrationId: agent.id });
    const rui = contact(connection, 'Rui');
    const { ticketId } = await rui.say('que horas abre?');
    expect(rui.received()).toEqual(['Abrimos às 8h.']);
    const detect = fakes.requests.filter((r) => r.path.includes(':detectIntent')).at(-1)!;
    expect(detect.path).toBe(`/dialogflow/v2/projects/fake-project/agent/sessions/ticket-${ticketId}:detectIntent`);
    expect(detect.body).toEqual({ queryInput: { text: { text: 'que horas abre?', languageCode: 'pt-BR' } } });
    await rui.say('quero um atendente');
    expect(rui.received().at(-1)).toBe('Transferindo para um atendente.');
    expect((await ticketOf(ticketId)).useIntegration).toBe(false);
  });

  it('a queue with an AI prompt answers with the prompt and the conversation, then hands over when asked for a person', async () => {
    fakes.ai('sk-prompt-key-4321', (messages) => `Resposta ${messages.filter((m) => m.role === 'user').length}`);
    const host = await queue('IA');
    const prompt = await call('POST', '/prompt', {
      name: 'Assistente',
      apiKey: 'sk-prompt-key-4321',
      prompt: 'Você é o assistente da pizzaria.',
      queueId: host.id,
      maxMessages: 4,
      temperature: 0.2,
      maxTokens: 60,
    });
    await call('PUT', `/queue/${host.id}`, { promptId: prompt.id });
    const connection = await sandbox({ queueIds: [host.id] });
    const leo = contact(connection, 'Leo');
    const { ticketId } = await leo.say('tem calabresa?');
    expect(leo.received()).toEqual(['Resposta 1']);
    await leo.say('e marguerita?');
    expect(leo.received().at(-1)).toBe('Resposta 2');
    const body = fakes.requests.filter((r) => r.path === '/ai/chat/completions').at(-1)!.body;
    expect(body).toMatchObject({ temperature: 0.2, max_tokens: 60 });
    expect(body.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('Você é o assistente da pizzaria.') });
    expect(body.messages.slice(1).map((m: any) => m.content)).toEqual(['tem calabresa?', 'Resposta 1', 'e marguerita?']);
    expect(await ticketOf(ticketId)).toMatchObject({ useIntegration: true, promptId: prompt.id });

    await leo.say('quero falar com um atendente');
    expect(leo.received().at(-1)).toBe(BOT_TEXTS.handOver);
    expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', queueId: host.id, useIntegration: false });
  });

  it('a failing or silent connector hands the ticket to a person, and other tickets keep being routed', async () => {
    fakes.webhook('lento', () => ({ text: 'tarde demais' }));
    fakes.slow('/hooks/lento', 8_000);
    fakes.webhook('quebrado', () => ({ status: 500, json: { error: 'boom' } }));
    const slow = await integration({ type: 'webhook', name: 'Lento', urlN8N: `${fakes.url}/hooks/lento` });
    const broken = await integration({ type: 'webhook', name: 'Quebrado', urlN8N: `${fakes.url}/hooks/quebrado` });
    const slowQueue = await queue('Lenta', { integrationId: slow.id });
    const brokenQueue = await queue('Quebrada', { integrationId: broken.id });
    const plain = await queue('Normal');
    const slowLine = await sandbox({ queueIds: [slowQueue.id] });
    const brokenLine = await sandbox({ queueIds: [brokenQueue.id] });
    const plainLine = await sandbox({ queueIds: [plain.id] });

    const [a, b, c] = [contact(slowLine), contact(brokenLine), contact(plainLine)];
    const [first, second, third] = await Promise.all([a.say('oi'), b.say('oi'), c.say('oi')]);
    expect(a.received()).toEqual([BOT_TEXTS.handOver]);
    expect(b.received()).toEqual([BOT_TEXTS.handOver]);
    expect(c.received()).toEqual(['Fila Normal.']);
    for (const { ticketId } of [first, second]) {
      const journal = await server.wiring.store.readStream(`ticketbot-${ticketId}`);
      expect(journal.at(-1)).toMatchObject({ type: 'BotHandedOver', data: { reason: 'connectorFailed' } });
      expect(await ticketOf(ticketId)).toMatchObject({ status: 'pending', useIntegration: false });
    }
    expect(third.ticketId).toBeGreaterThan(0);
    fakes.slow('/hooks/lento', 0);
  });

  it('a prompt with a voice also sends its answer as speech from the voice key and region', async () => {
    fakes.ai('sk-voice-key-7777', () => 'Olá, aqui é a assistente.');
    fakes.speechKey('azure-speech-key');
    const host = await queue('Voz');
    await call('POST', '/prompt', {
      name: 'Falante',
      apiKey: 'sk-voice-key-7777',
      prompt: 'Fale.',
      queueId: host.id,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey: 'azure-speech-key',
      voiceRegion: 'brazilsouth',
    });
    const prompt = (await call('GET', '/prompt')).prompts.find((p: any) => p.name === 'Falante');
    expect(prompt.voiceKey).not.toContain('azure-speech-key');
    await call('PUT', `/queue/${host.id}`, { promptId: prompt.id });
    const caio = contact(await sandbox({ queueIds: [host.id] }), 'Caio');
    await caio.say('oi');
    const sent = gateway.sent.filter((message) => message.contact.number === caio.number);
    expect(sent.map((message) => message.mediaType)).toEqual(['chat', 'audio']);
    expect(sent[1]!.media).not.toBeNull();
    const tts = fakes.requests.filter((r) => r.path === '/tts/brazilsouth/cognitiveservices/v1').at(-1)!;
    expect(tts.body).toContain("name='pt-BR-FranciscaNeural'>Olá, aqui é a assistente.</voice>");
  });

  it('mends and bounds what a service answers before it reaches the log', async () => {
    fakes.webhook('ruidoso', () => ({ json: { replies: [`a\u0000b${'x'.repeat(10_000)}`, '   '] } }));
    const noisy = await integration({ type: 'webhook', name: 'Ruidoso', urlN8N: `${fakes.url}/hooks/ruidoso` });
    const rita = contact(await sandbox({ integrationId: noisy.id }), 'Rita');
    await rita.say('oi');
    // Waited for itself: once (1 of 9 full runs) settle returned before this reply was sent; not understood yet.
    await vi.waitFor(() => expect(rita.received()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    const [reply] = rita.received();
    expect(reply!.startsWith('abxxx')).toBe(true);
    expect(reply!.length).toBe(4_096);
    expect(rita.received()).toHaveLength(1);
  });

  it('the ticket toggle: off stops the connector, on arms it again for the next message', async () => {
    fakes.webhook('eco', (body) => ({ text: `eco: ${body.message.body}` }));
    const echo = await integration({ type: 'webhook', name: 'Eco', urlN8N: `${fakes.url}/hooks/eco` });
    const connection = await sandbox({ integrationId: echo.id });
    const bia = contact(connection, 'Bia');
    const { ticketId } = await bia.say('um');
    expect(bia.received()).toEqual(['eco: um']);
    await call('PUT', `/tickets/${ticketId}`, { useIntegration: false });
    await settle(server);
    await bia.say('dois');
    expect(bia.received()).toEqual(['eco: um']);
    await call('PUT', `/tickets/${ticketId}`, { useIntegration: true });
    await settle(server);
    await bia.say('três');
    expect(bia.received()).toEqual(['eco: um', 'eco: três']);
    expect(fakes.violations).toEqual([]);
  });
});

describe('AI help for attendants', () => {
  it('drafts a reply and writes a summary note from the conversation with the ticket’s prompt', async () => {
    fakes.ai('sk-help-key-5555', (messages) =>
      messages[0]!.content.includes('Resuma') ? '- Cliente quer pizza' : `Sugestão após ${messages.length - 1} mensagens`,
    );
    const host = await queue('Ajuda');
    const connection = await sandbox({ queueIds: [host.id] });
    const eva = contact(connection, 'Eva');
    const { ticketId } = await eva.say('boa noite, quero pizza');
    // No prompt yet: the composer's AI help has nothing to use.
    const none = await server.app.inject({ method: 'POST', url: `/tickets/${ticketId}/ai/suggest`, headers: bearer(admin.token) });
    expect(none.json().error).toBe('ERR_NO_PROMPT_FOR_TICKET');
    // Another queue's prompt does not serve this ticket (servingPromptId: the composer hides the menu alike).
    const other = await queue('Outra');
    await call('POST', '/prompt', { name: 'Outro', apiKey: 'sk-other-key-6666', prompt: 'Você é de outro setor.', queueId: other.id });
    const stillNone = await server.app.inject({ method: 'POST', url: `/tickets/${ticketId}/ai/suggest`, headers: bearer(admin.token) });
    expect(stillNone.json().error).toBe('ERR_NO_PROMPT_FOR_TICKET');
    await call('POST', '/prompt', { name: 'Ajudante', apiKey: 'sk-help-key-5555', prompt: 'Você é da pizzaria.', queueId: host.id });
    expect(await call('POST', `/tickets/${ticketId}/ai/suggest`)).toEqual({ text: 'Sugestão após 2 mensagens' });
    const { noteId } = await call('POST', `/tickets/${ticketId}/ai/summary`);
    const notes = await call('GET', `/ticket-notes/list?ticketId=${ticketId}`);
    expect(notes.find((note: any) => note.id === noteId).note).toBe('Resumo (IA):\n- Cliente quer pizza');
    // The AI service failing is a 502 the composer reports, not a fault.
    fakes.failing('/ai/', 503);
    const failed = await server.app.inject({ method: 'POST', url: `/tickets/${ticketId}/ai/suggest`, headers: bearer(admin.token) });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe('ERR_AI_UNAVAILABLE');
    fakes.failing('/ai/', 0);
  });
});
