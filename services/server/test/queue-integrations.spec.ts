import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConnectorFakes, type ConnectorFakes } from './connector-fakes';
import { bearer, signupCompany, type TestServer } from './harness';
import { startChannelServer } from './meta-harness';

// Queue integrations and AI prompts through the API: validation, secrets, tenancy, the session test.
let server: TestServer;
let fakes: ConnectorFakes;
let a: { token: string; companyId: number };
let b: { token: string; companyId: number };

beforeAll(async () => {
  fakes = await startConnectorFakes();
  server = await startChannelServer({ env: { ...fakes.env, SECRETS_KEY: 'integration-test-secrets-key' } });
  const first = await signupCompany(server, 'Integrations A', 81);
  const second = await signupCompany(server, 'Integrations B', 82);
  a = { token: (await server.login(first.email, first.password)).token, companyId: first.companyId };
  b = { token: (await server.login(second.email, second.password)).token, companyId: second.companyId };
});
afterAll(async () => {
  await server?.close();
  await fakes?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('queue integrations', () => {
  it('creates each type with the spec defaults, lists, changes and deletes', async () => {
    const created = await call(a.token, 'POST', '/queueIntegration', { type: 'typebot', name: 'Fluxo', urlN8N: `${fakes.url}/typebot`, typebotSlug: 'fluxo' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ type: 'typebot', name: 'Fluxo', typebotDelayMessage: 1000, typebotExpires: 1, language: 'pt-BR', jsonContent: '' });
    const id = created.json().id;

    const page = (await call(a.token, 'GET', '/queueIntegration')).json();
    expect(page.hasMore).toBe(false);
    expect(page.queueIntegrations.map((i: any) => i.id)).toContain(id);
    expect((await call(b.token, 'GET', '/queueIntegration')).json().queueIntegrations).toEqual([]);
    expect((await call(b.token, 'GET', `/queueIntegration/${id}`)).json().error).toBe('ERR_NO_INTEGRATION_FOUND');

    const changed = await call(a.token, 'PUT', `/queueIntegration/${id}`, { typebotDelayMessage: 0, typebotKeywordFinish: 'sair' });
    expect(changed.json()).toMatchObject({ typebotDelayMessage: 0, typebotKeywordFinish: 'sair' });
    expect((await call(b.token, 'PUT', `/queueIntegration/${id}`, { name: 'Roubado' })).json().error).toBe('ERR_NO_INTEGRATION_FOUND');
    expect((await call(a.token, 'DELETE', `/queueIntegration/${id}`)).statusCode).toBe(200);
    expect((await call(a.token, 'GET', `/queueIntegration/${id}`)).statusCode).toBe(404);
  });

  it('refuses what a type lacks, a bad name or URL, with the dialog texts', async () => {
    const cases: Array<[object, string]> = [
      [{ type: 'webhook', name: 'A', urlN8N: 'http://x.test' }, 'Muito curto!'],
      [{ type: 'webhook', name: 'x'.repeat(51), urlN8N: 'http://x.test' }, 'Muito longo!'],
      [{ type: 'n8n', name: 'Fluxo' }, 'Informe a URL'],
      [{ type: 'webhook', name: 'Fluxo', urlN8N: 'ftp://x.test' }, 'URL inválida'],
      [{ type: 'typebot', name: 'Fluxo', urlN8N: 'http://x.test' }, 'Informe o nome do fluxo (slug)'],
      [{ type: 'dialogflow', name: 'Agente', projectName: 'p', jsonContent: '{"a":1}' }, 'Credenciais JSON inválidas'],
      [{ type: 'typebot', name: 'Fluxo', urlN8N: 'http://x.test', typebotSlug: 's', typebotDelayMessage: -1 }, ''],
    ];
    for (const [body, message] of cases) {
      const response = await call(a.token, 'POST', '/queueIntegration', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('seals the Dialogflow key: never answered, not in the log in the clear, used by the session test', async () => {
    fakes.dialogflow('fake-project', (text) => ({ intent: 'Saudação', texts: [`Olá! Você disse ${text}`] }));
    const key = JSON.stringify(fakes.serviceAccount);
    const created = await call(a.token, 'POST', '/queueIntegration', {
      type: 'dialogflow',
      name: 'Agente',
      projectName: 'fake-project',
      jsonContent: key,
      language: 'pt-BR',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ jsonContent: '', credentialsHint: fakes.serviceAccount.client_email });
    expect(created.body).not.toContain('PRIVATE KEY');
    const stored = await server.wiring.store.readStream(`queueintegration-${created.json().id}`);
    expect(JSON.stringify(stored.map((e) => e.data))).not.toContain('PRIVATE KEY');

    // A saved integration is tested with its stored key; a fresh one with the key given.
    const saved = await call(a.token, 'POST', '/queueIntegration/testSession', { id: created.json().id, projectName: 'fake-project', text: 'oi' });
    expect(saved.json()).toEqual({ ok: true, messages: ['Olá! Você disse oi'], error: null });
    const fresh = await call(a.token, 'POST', '/queueIntegration/testSession', { projectName: 'fake-project', jsonContent: key, language: 'pt-BR' });
    expect(fresh.json().ok).toBe(true);
    const wrongProject = await call(a.token, 'POST', '/queueIntegration/testSession', { projectName: 'other', jsonContent: key });
    expect(wrongProject.json()).toMatchObject({ ok: false, error: expect.stringContaining('404') });
    // Another company cannot test with this company's key.
    expect((await call(b.token, 'POST', '/queueIntegration/testSession', { id: created.json().id, projectName: 'fake-project' })).json().error).toBe(
      'ERR_NO_INTEGRATION_FOUND',
    );
    // Changing other fields keeps the key.
    await call(a.token, 'PUT', `/queueIntegration/${created.json().id}`, { name: 'Agente 2', jsonContent: '' });
    expect((await call(a.token, 'POST', '/queueIntegration/testSession', { id: created.json().id, projectName: 'fake-project' })).json().ok).toBe(true);
  });

  it('tests a webhook and a Typebot flow', async () => {
    fakes.webhook('teste', (body) => ({ json: { reply: `eco ${body.message.body}` } }));
    expect(
      (await call(a.token, 'POST', '/queueIntegration/testSession', { type: 'webhook', urlN8N: `${fakes.url}/hooks/teste`, text: 'ping' })).json(),
    ).toEqual({ ok: true, messages: ['eco ping'], error: null });
    fakes.typebot('boas-vindas', () => ({ messages: ['Bem-vindo ao fluxo'], awaitsInput: true }));
    const typebot = await call(a.token, 'POST', '/queueIntegration/testSession', {
      type: 'typebot',
      urlN8N: `${fakes.url}/typebot`,
      typebotSlug: 'boas-vindas',
    });
    expect(typebot.json().messages).toEqual(['Bem-vindo ao fluxo']);
  });
});

describe('AI prompts', () => {
  it('requires a queue (Informe o setor), applies the defaults and masks the key', async () => {
    const missing = await call(a.token, 'POST', '/prompt', { name: 'Assistente', apiKey: 'sk-abcdef1234567890', prompt: 'Você atende.' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Informe o setor');

    const queue = (await call(a.token, 'POST', '/queue', { name: 'Suporte', color: '#123456' })).json();
    const otherQueue = (await call(b.token, 'POST', '/queue', { name: 'Deles', color: '#654321' })).json();
    expect((await call(a.token, 'POST', '/prompt', { name: 'X', apiKey: 'sk-1', prompt: 'p', queueId: otherQueue.id })).json().error).toBe(
      'ERR_NO_QUEUE_FOUND',
    );

    const created = await call(a.token, 'POST', '/prompt', { name: 'Assistente', apiKey: 'sk-abcdef1234567890', prompt: 'Você atende.', queueId: queue.id });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      apiKey: 'sk-…7890',
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      voice: 'texto',
      queue: { id: queue.id, name: 'Suporte' },
    });
    expect(created.body).not.toContain('sk-abcdef1234567890');
    const id = created.json().id;
    expect(JSON.stringify((await server.wiring.store.readStream(`prompt-${id}`)).map((e) => e.data))).not.toContain('abcdef1234567890');

    // The masked key sent back keeps the stored one; a new key replaces it.
    expect((await call(a.token, 'PUT', `/prompt/${id}`, { apiKey: 'sk-…7890', maxTokens: 300 })).json()).toMatchObject({ apiKey: 'sk-…7890', maxTokens: 300 });
    expect((await call(a.token, 'PUT', `/prompt/${id}`, { apiKey: 'sk-newkey0000009999' })).json().apiKey).toBe('sk-…9999');
    expect((await call(a.token, 'PUT', `/prompt/${id}`, { temperature: 3 })).statusCode).toBe(400);
    expect((await call(a.token, 'PUT', `/prompt/${id}`, { voice: 'robot' })).statusCode).toBe(400);

    expect((await call(a.token, 'GET', '/prompt')).json().prompts.map((p: any) => p.id)).toEqual([id]);
    expect((await call(b.token, 'GET', '/prompt')).json().prompts).toEqual([]);
    expect((await call(b.token, 'DELETE', `/prompt/${id}`)).json().error).toBe('ERR_NO_PROMPT_FOUND');
  });
});

describe('binding integrations and prompts', () => {
  it("refuses another company's integration or prompt on a queue, an option or a connection", async () => {
    const theirs = (await call(b.token, 'POST', '/queueIntegration', { type: 'webhook', name: 'Deles', urlN8N: 'http://x.test/h' })).json();
    const ours = (await call(a.token, 'POST', '/queueIntegration', { type: 'webhook', name: 'Nosso', urlN8N: 'http://x.test/h' })).json();
    const queueBody = { name: 'Integrada', color: '#0000aa', greetingMessage: 'Olá' };
    expect((await call(a.token, 'POST', '/queue', { ...queueBody, integrationId: theirs.id })).json().error).toBe('ERR_NO_INTEGRATION_FOUND');
    expect((await call(a.token, 'POST', '/queue', { ...queueBody, promptId: 999_999 })).json().error).toBe('ERR_NO_PROMPT_FOUND');
    const option = { name: 'Robô', queueType: 'integration', optIntegrationId: theirs.id, greetingMessage: 'Um momento' };
    expect((await call(a.token, 'POST', '/queue', { ...queueBody, chatbots: [option] })).json().error).toBe('ERR_NO_INTEGRATION_FOUND');
    const queue = await call(a.token, 'POST', '/queue', { ...queueBody, integrationId: ours.id, chatbots: [{ ...option, optIntegrationId: ours.id }] });
    expect(queue.statusCode, queue.body).toBe(201);
    expect((await call(a.token, 'POST', '/whatsapp', { name: 'Canal', channel: 'sandbox', integrationId: theirs.id })).json().error).toBe(
      'ERR_NO_INTEGRATION_FOUND',
    );

    // A ticket's switch may arm only the company's own prompt.
    const bQueue = (await call(b.token, 'POST', '/queue', { name: 'Fila B2', color: '#0000bb', greetingMessage: 'Olá' })).json();
    const theirPrompt = (await call(b.token, 'POST', '/prompt', { name: 'Deles', apiKey: 'sk-b-0000000', prompt: 'p', queueId: bQueue.id })).json();
    const contact = (await call(a.token, 'POST', '/contacts', { name: 'Cliente', number: '5511933332222' })).json();
    const ticket = (await call(a.token, 'POST', '/tickets', { contactId: contact.id, status: 'pending' })).json();
    const refused = await call(a.token, 'PUT', `/tickets/${ticket.id}`, { useIntegration: true, promptId: theirPrompt.id });
    expect(refused.json().error, refused.body).toBe('ERR_NO_PROMPT_FOUND');
  });
});
