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
import { startConnectorFakes } from '../test/connector-fakes';
import { figure, log, percentileFigures, runBench, sampleTimes } from './kit/measure';
import { withProduct, type Sandbox } from './kit/product';

const CALLS = Number(process.env.BENCH_CONNECTOR_CALLS ?? 200);
const REPLIES = Number(process.env.BENCH_CONNECTOR_REPLIES ?? 40);
const ROUTED = Number(process.env.BENCH_ROUTED_TICKETS ?? 150);
const SLOW = Number(process.env.BENCH_SLOW_TICKETS ?? 30);
const TIMEOUT_MS = 1_000;

const timed = async (name: string, count: number, call: (index: number) => Promise<unknown>) =>
  percentileFigures(name, await sampleTimes(count, call), [50, 99], { extra: { calls: count } });

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

  const product = { name: 'connectors', env: { ...fakes.env, CONNECTOR_TIMEOUT_MS: String(TIMEOUT_MS) }, http: { edge: true }, sessions: true };
  try {
    await withProduct(product, async ({ wiring, call: api, addSandbox }) => {
      const hook = await api('POST', '/queueIntegration', { type: 'webhook', name: 'Bench', urlN8N: `${fakes.url}/hooks/bench` });
      const hang = await api('POST', '/queueIntegration', { type: 'webhook', name: 'Hang', urlN8N: `${fakes.url}/hooks/hang` });
      const withHook = await api('POST', '/queue', { name: 'Com webhook', color: '#111111', integrationId: hook.id });
      const plain = await api('POST', '/queue', { name: 'Simples', color: '#222222', greetingMessage: 'Olá!' });
      const hanging = await api('POST', '/queue', { name: 'Travada', color: '#333333', greetingMessage: 'Olá!', integrationId: hang.id });
      const line = (queueId: number) => addSandbox({ name: `Bench ${queueId}`, queueIds: [queueId] });
      const [hookLine, plainLine, hangLine] = [await line(withHook.id), await line(plain.id), await line(hanging.id)];
      let phone = 5511910000000;
      const deliver = (connection: Sandbox, body: string) => connection.deliver({ from: String(phone++), body });
      /** Delivery to the bot's first reply recorded in the ticket's journal. */
      const replyTime = async (connection: Sandbox) => {
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
        percentileFigures(name, samples, [50, 99], { extra: { tickets: REPLIES } });
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
    });
  } finally {
    await fakes.close();
  }
}

runBench(main);
