/**
 * Connector figures: `pnpm bench:connectors`. The real product on one process (embedded Postgres,
 * projections, reactors) with the local connector fakes (services/server/test/connector-fakes.ts):
 *   - each adapter's round trip against its fake (Typebot start+continue, webhook, Dialogflow
 *     detectIntent with a cached token, chat completion, text to speech), p50/p99 over BENCH_CONNECTOR_CALLS;
 *   - the bot's reply time for a sandbox message, from delivery to the reply recorded, for a queue
 *     with a webhook integration and for a plain queue (the difference is what the connector adds);
 *   - tickets routed per second on a plain connection, alone and while another connection's webhook
 *     never answers in time (CONNECTOR_TIMEOUT_MS) for BENCH_SLOW_TICKETS tickets.
 * One JSON line per figure on stdout; progress on stderr.
 */
import { createHttpConnectors } from '@conversa/routing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../testing/src/postgres';
import { loadConfig } from '../src/config';
import { buildHttp } from '../src/http';
import { seed } from '../src/seed';
import { wire } from '../src/wiring';
import { startConnectorFakes } from '../test/connector-fakes';
import { log } from './tickets/measure';

const CALLS = Number(process.env.BENCH_CONNECTOR_CALLS ?? 200);
const REPLIES = Number(process.env.BENCH_CONNECTOR_REPLIES ?? 40);
const ROUTED = Number(process.env.BENCH_ROUTED_TICKETS ?? 150);
const SLOW = Number(process.env.BENCH_SLOW_TICKETS ?? 30);
const TIMEOUT_MS = 1_000;

const figure = (name: string, value: number, unit: string, extra: object = {}) =>
  process.stdout.write(`${JSON.stringify({ name, value: Number(value.toFixed(2)), unit, ...extra })}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
async function timed(name: string, count: number, call: (index: number) => Promise<unknown>) {
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const t0 = performance.now();
    await call(index);
    samples.push(performance.now() - t0);
  }
  figure(`${name}_p50`, percentile(samples, 50), 'ms', { calls: count });
  figure(`${name}_p99`, percentile(samples, 99), 'ms', { calls: count });
}

async function main() {
  const fakes = await startConnectorFakes();
  fakes.typebot('bench', (text, turn) => ({ messages: [`turno ${turn}: ${text}`], awaitsInput: true }));
  fakes.webhook('bench', (body) => ({ json: { reply: `ok ${body.message.body}` } }));
  fakes.webhook('hang', () => ({ text: 'late' }));
  fakes.slow('/hooks/hang', TIMEOUT_MS * 3);
  fakes.dialogflow('fake-project', () => ({ intent: 'Saudação', texts: ['Olá'] }));
  fakes.ai('sk-bench-0000', () => 'Resposta');
  fakes.speechKey('speech-bench');

  const adapters = createHttpConnectors({
    timeoutMs: TIMEOUT_MS,
    allowPrivateUrls: true,
    aiApiUrl: fakes.env.AI_API_URL,
    dialogflowApiUrl: fakes.env.DIALOGFLOW_API_URL,
    dialogflowTokenUrl: fakes.env.DIALOGFLOW_TOKEN_URL,
    ttsUrl: fakes.env.TTS_URL,
  });
  log(`adapter round trips, ${CALLS} each`);
  const base = `${fakes.url}/typebot`;
  await timed('typebot_start_continue', CALLS, async (index) => {
    const turn = await adapters.typebot.startChat({ baseUrl: base, publicId: 'bench', message: `oi ${index}` });
    await adapters.typebot.continueChat({ baseUrl: base, sessionId: turn.sessionId!, message: 'segue' });
  });
  const payload = (index: number) => ({
    event: 'message' as const,
    companyId: 1,
    ticket: { id: index + 1, uuid: 'u', status: 'pending', queueId: 1 },
    contact: { id: 1, name: 'Bench', number: '5511900000000' },
    message: { id: `m${index}`, body: 'oi', mediaType: 'chat', fromMe: false as const },
    integration: { id: 1, name: 'bench', type: 'webhook' as const },
  });
  await timed('webhook', CALLS, (index) => adapters.webhook.post(`${fakes.url}/hooks/bench`, payload(index)));
  await timed('dialogflow_detect_intent', CALLS, (index) =>
    adapters.dialogflow.detectIntent({
      credentials: fakes.serviceAccount,
      projectId: 'fake-project',
      sessionId: `s${index}`,
      text: 'oi',
      languageCode: 'pt-BR',
    }),
  );
  await timed('ai_chat_completion', CALLS, () =>
    adapters.ai.complete({
      apiKey: 'sk-bench-0000',
      temperature: 1,
      maxTokens: 100,
      messages: [
        { role: 'system', content: 'Seja breve.' },
        { role: 'user', content: 'oi' },
      ],
    }),
  );
  await timed('tts_synthesize', CALLS, () =>
    adapters.speech.synthesize({ region: 'brazilsouth', key: 'speech-bench', voice: 'pt-BR-FranciscaNeural', text: 'Olá, tudo bem?' }),
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'conversa-bench-connectors-'));
  process.env.PG_PORT = String(await freePort());
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      PG_PORT: process.env.PG_PORT,
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'Bench-pass-1',
      JWT_SECRET: 'bench-secret-'.repeat(4),
      ...fakes.env,
      CONNECTOR_TIMEOUT_MS: String(TIMEOUT_MS),
    },
    dataDir,
  );
  const wiring = await wire(config, { runProjections: true });
  try {
    await seed(wiring.ctx, config);
    await wiring.sessions.start();
    const { app } = await buildHttp(wiring, { serveUi: false, edge: true, projections: true });
    await app.ready();
    const token = (await app.inject({ method: 'POST', url: '/auth/login', payload: { email: 'bench@example.com', password: 'Bench-pass-1' } })).json()
      .token as string;
    const api = async (method: 'POST' | 'PUT', url: string, body: object) => {
      const response = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload: body });
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json();
    };
    const hook = await api('POST', '/queueIntegration', { type: 'webhook', name: 'Bench', urlN8N: `${fakes.url}/hooks/bench` });
    const hang = await api('POST', '/queueIntegration', { type: 'webhook', name: 'Hang', urlN8N: `${fakes.url}/hooks/hang` });
    const withHook = await api('POST', '/queue', { name: 'Com webhook', color: '#111111', integrationId: hook.id });
    const plain = await api('POST', '/queue', { name: 'Simples', color: '#222222', greetingMessage: 'Olá!' });
    const hanging = await api('POST', '/queue', { name: 'Travada', color: '#333333', greetingMessage: 'Olá!', integrationId: hang.id });
    const line = async (queueId: number) =>
      api('POST', '/whatsapp', { name: `Bench ${queueId}`, channel: 'sandbox', queueIds: [queueId] }) as Promise<{ id: number; token: string }>;
    const [hookLine, plainLine, hangLine] = [await line(withHook.id), await line(plain.id), await line(hanging.id)];
    let phone = 5511910000000;
    const deliver = async (connection: { id: number; token: string }, body: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/sandbox/${connection.id}/messages`,
        headers: { authorization: `Bearer ${connection.token}` },
        payload: { from: String(phone++), body },
      });
      if (response.statusCode !== 202) throw new Error(`deliver: ${response.statusCode} ${response.body}`);
      return response.json() as { ticketId: number };
    };
    /** Delivery to the bot's first reply recorded in the ticket's journal. */
    const replyTime = async (connection: { id: number; token: string }) => {
      const t0 = performance.now();
      const { ticketId } = await deliver(connection, 'oi');
      for (;;) {
        const journal = await wiring.store.readStream(`ticketbot-${ticketId}`);
        if (journal.some((event) => event.type === 'BotReplied')) return performance.now() - t0;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    log(`bot reply time, ${REPLIES} tickets each`);
    for (const [name, connection] of [
      ['bot_reply_plain_queue', plainLine],
      ['bot_reply_webhook_queue', hookLine],
    ] as const) {
      const samples: number[] = [];
      for (let index = 0; index < REPLIES; index++) samples.push(await replyTime(connection));
      figure(`${name}_p50`, percentile(samples, 50), 'ms', { tickets: REPLIES });
      figure(`${name}_p99`, percentile(samples, 99), 'ms', { tickets: REPLIES });
    }

    /** `count` first messages on the plain line at once; routed when the routing reactors have recorded and applied them. */
    const routedPerSecond = async (count: number) => {
      const t0 = performance.now();
      await Promise.all(Array.from({ length: count }, () => deliver(plainLine, 'oi')));
      const head = (await wiring.store.headPosition())!;
      await wiring.reactors.waitForPosition(head, { projectors: ['routing', 'routing-effects'], signal: AbortSignal.timeout(120_000) });
      return count / ((performance.now() - t0) / 1000);
    };
    log(`routing ${ROUTED} tickets alone, then beside ${SLOW} tickets whose webhook times out`);
    figure('tickets_routed_per_s_alone', await routedPerSecond(ROUTED), 'tickets/s', { tickets: ROUTED });
    const slowDone = Promise.all(Array.from({ length: SLOW }, () => deliver(hangLine, 'oi')));
    figure('tickets_routed_per_s_while_connector_times_out', await routedPerSecond(ROUTED), 'tickets/s', {
      tickets: ROUTED,
      timingOut: SLOW,
      timeoutMs: TIMEOUT_MS,
    });
    await slowDone;
    await app.close();
  } finally {
    await wiring.close();
    await fakes.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
