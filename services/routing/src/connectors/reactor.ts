import { normaliseText, ticketBotStream, type RecordedEvent, type RecordedProductEvent, type StoredMedia } from '@conversa/contracts';
import { ConnectorError, runCommand, ticketBot, type Connectors, type ConnectorOutcome, type SecretBox } from '@conversa/core';
import { defineReactor, type Projector } from '@conversa/platform';
import { BOT_ACTOR, inParallel, loadBot, loadContact, loadExistingTicket, type RoutingRuntime } from '../context';
import { answerQuestion, type Answer } from './answer';

type Asked = RecordedProductEvent<'BotConnectorAsked'>;

/** The longest pause between a connector's texts (typebotDelayMessage), so one flow cannot hold its lane for long. */
export const MAX_CONNECTOR_DELAY_MS = 5_000;
/** The longest text a connector may send in one message. */
export const MAX_REPLY_LENGTH = 4_096;

export interface ConnectorReactorDeps {
  routing: RoutingRuntime;
  connectors: Connectors;
  secrets: SecretBox;
  /** Where spoken answers are kept (the product's media store). */
  media?: { save(input: { companyId: number; data: Buffer; declaredMime: string; originalName: string }): Promise<StoredMedia> };
  sleep?: (ms: number) => Promise<void>;
  /** Tickets asked at once: each waits on its connector (bounded by the timeout), the others go on. */
  concurrency?: number;
}

/**
 * The bot-connectors reactor: for each BotConnectorAsked in a ticket's bot journal it asks the
 * connector (Typebot, n8n, webhook, Dialogflow, an AI prompt) and records the answer in the journal
 * (RecordConnectorOutcome), from where the routing effects send the texts and hand the ticket over.
 * Recordings are keyed by the question's event id, so a batch run again after a crash records
 * nothing twice (the service may be asked twice). A failing or silent connector (every call has a
 * timeout) hands the ticket to a person with the reason logged.
 */
export function createBotConnectorsReactor(deps: ConnectorReactorDeps): Projector {
  const { routing } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function record(event: RecordedEvent, ticketId: number, outcome: ConnectorOutcome, step: string) {
    await runCommand(routing.ctx, {
      decider: ticketBot,
      streamId: ticketBotStream(ticketId),
      command: { type: 'RecordConnectorOutcome', ticketId, outcome },
      companyId: event.metadata.companyId,
      actor: BOT_ACTOR,
      commandId: `connector:${event.id}:${step}`,
      correlationId: event.metadata.correlationId,
      causationId: event.id,
    });
  }

  async function ask(event: Asked): Promise<void> {
    const { data } = event;
    const companyId = event.metadata.companyId;
    const ticket = await loadExistingTicket(routing, data.ticketId);
    // A person took the ticket meanwhile: the connector is not asked.
    if (!ticket || ticket.status !== 'pending' || ticket.userId !== null) return;
    const [bot, contact] = await Promise.all([loadBot(routing, data.ticketId), loadContact(routing, ticket.contactId)]);
    if (!bot.connector || bot.connector.ref.kind !== data.connector.kind || bot.connector.ref.id !== data.connector.id || !contact) return;

    let answer: Answer;
    const started = Date.now();
    try {
      answer = await answerQuestion(
        { db: routing.ctx.db, connectors: deps.connectors, secrets: deps.secrets },
        // The bot may have placed the ticket in a queue its effects have not applied yet: the journal knows.
        {
          companyId,
          ticket: { ...ticket, queueId: ticket.queueId ?? bot.queueId },
          contact,
          connector: data.connector,
          message: data,
          first: data.first,
          previousAt: data.previousAt,
          at: data.at,
          sessionId: data.first ? null : bot.connector.sessionId,
        },
      );
    } catch (error) {
      const reason = error instanceof ConnectorError ? `${error.connector} ${error.reason}` : 'fault';
      routing.logger?.warn(
        { err: error, ticketId: data.ticketId, connector: data.connector, reason, ms: Date.now() - started, correlationId: event.metadata.correlationId },
        'connectors: the connector failed; a person takes the ticket',
      );
      await record(event, data.ticketId, { replies: [], sessionId: null, handOver: { reason: 'connectorFailed', queueId: null, notice: true } }, 'failed');
      return;
    }

    // A service's text is mended (no NUL, no lone surrogates) and bounded before it reaches the log.
    const replies = answer.outcome.replies.map((text) => normaliseText(text).slice(0, MAX_REPLY_LENGTH)).filter((text) => text.trim() !== '');
    const { replies: _raw, ...rest } = answer.outcome;
    if (typeof rest.sessionId === 'string') rest.sessionId = normaliseText(rest.sessionId).slice(0, 500);
    const delay = Math.min(answer.delayMs, MAX_CONNECTOR_DELAY_MS);
    // Each text is its own recording, typebotDelayMessage apart, so the contact reads them in rhythm.
    for (const [index, text] of replies.entries()) {
      if (index > 0 && delay > 0) await sleep(delay);
      await record(event, data.ticketId, { replies: [text] }, `reply-${index}`);
    }
    // The spoken answer is recorded after the texts, so the effects send it after them.
    const audio = answer.audio && deps.media ? await storeAudio(event, answer.audio.bytes) : undefined;
    if (audio) await record(event, data.ticketId, { replies: [], audio }, 'audio');
    await record(event, data.ticketId, { replies: [], ...rest }, 'end');
  }

  async function storeAudio(event: RecordedEvent, bytes: Uint8Array) {
    try {
      return await deps.media!.save({
        companyId: event.metadata.companyId,
        data: Buffer.from(bytes),
        declaredMime: 'audio/mpeg',
        originalName: 'resposta.mp3',
      });
    } catch (error) {
      // The text went out already: a voice that cannot be stored is logged, not retried.
      routing.logger?.warn({ err: error, event: event.id, correlationId: event.metadata.correlationId }, 'connectors: the spoken answer could not be stored');
      return undefined;
    }
  }

  return defineReactor({
    name: 'bot-connectors',
    eventTypes: ['BotConnectorAsked'],
    async react(events) {
      const lanes = new Map<number, Asked[]>();
      for (const event of events) {
        const { ticketId } = event.data;
        lanes.set(ticketId, [...(lanes.get(ticketId) ?? []), event]);
      }
      await inParallel([...lanes.values()], deps.concurrency ?? 16, async (lane) => {
        for (const event of lane) await ask(event);
      });
    },
  });
}
