import type { BotConnectorRef } from '@conversa/contracts';
import type { BotAction, BotState, InboundInput, SpokenMedia } from './model';
import { BOT_TEXTS } from './texts';

/**
 * Connectors in the routing rules: who answers a waiting ticket instead of the menus. The rules
 * only decide that the contact's message goes to a connector (askConnector); the bot-connectors
 * reactor asks the service and records its answer with RecordConnectorOutcome.
 */

/** A connection's or queue's own connector: the prompt first, else the integration. */
export function connectorOf(owner: { integrationId?: number | null; promptId?: number | null } | null | undefined): BotConnectorRef | null {
  if (!owner) return null;
  if (typeof owner.promptId === 'number') return { kind: 'prompt', id: owner.promptId };
  if (typeof owner.integrationId === 'number') return { kind: 'integration', id: owner.integrationId };
  return null;
}

/** The message goes to the connector; a new conversation also turns the ticket's integration flag on. */
export function askConnector(input: InboundInput, connector: BotConnectorRef, first: boolean, previousAt: string | null = null): BotAction[] {
  const { messageId, body, mediaType } = input.message;
  const ask: BotAction = { type: 'askConnector', connector, first, previousAt, message: { messageId, body, mediaType } };
  if (!first) return [ask];
  return [{ type: 'changeTicket', change: { kind: 'setIntegration', useIntegration: true, promptId: connector.kind === 'prompt' ? connector.id : null } }, ask];
}

/** A waiting ticket a connector answers (or an attendant armed one for): null when none does. */
export function routeToConnector(bot: BotState, input: InboundInput): BotAction[] | null {
  if (bot.connector) return askConnector(input, bot.connector.ref, false, bot.connector.lastAskedAt);
  if (bot.armed) return askConnector(input, bot.armed, true);
  return null;
}

/** What a connector answered, to record in the journal. */
export interface ConnectorOutcome {
  replies: string[];
  /** The conversation id to keep (undefined: unchanged). */
  sessionId?: string | null;
  /** The connector is done: a person takes over, in `queueId` when the ticket should move there. */
  handOver?: { reason: 'connector' | 'connectorFailed'; queueId: number | null; notice: boolean } | null;
  /** The answer spoken (a prompt with a voice), already stored: sent after the texts. */
  audio?: SpokenMedia;
}

export function recordConnectorOutcome(bot: BotState, outcome: ConnectorOutcome): BotAction[] {
  // Handed over (an attendant took it, the toggle went off) since it was asked: the answer is late.
  if (!bot.connector) return [];
  const actions: BotAction[] = outcome.replies.filter((text) => text.trim() !== '').map((body) => ({ type: 'reply', purpose: 'connector', body }));
  if (outcome.audio) actions.push({ type: 'speak', media: outcome.audio });
  if (outcome.sessionId !== undefined && outcome.sessionId !== bot.connector.sessionId)
    actions.push({ type: 'noteConnectorSession', sessionId: outcome.sessionId });
  const end = outcome.handOver;
  if (end) {
    if (end.notice) actions.push({ type: 'reply', purpose: 'handOver', body: BOT_TEXTS.handOver });
    if (end.queueId !== null) actions.push({ type: 'changeTicket', change: { kind: 'assignQueue', queueId: end.queueId, reason: 'chatbot' } });
    actions.push({ type: 'changeTicket', change: { kind: 'setIntegration', useIntegration: false } }, { type: 'handOver', reason: end.reason });
  }
  return actions;
}

/** The attendant's integration toggle: on arms the connector for the next message; off ends the one answering. */
export function routeIntegrationToggle(bot: BotState, input: { on: boolean; connector: BotConnectorRef | null }): BotAction[] {
  if (input.on) return input.connector && !bot.connector ? [{ type: 'armConnector', connector: input.connector }] : [];
  return bot.connector || bot.armed ? [{ type: 'handOver', reason: 'integrationOff' }] : [];
}
