import type { BotEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { ticketBot } from './bot';
import { connection, inbound, MORNING, queue, sales } from './fixtures';
import { BOT_TEXTS } from './texts';

const at = MORNING.toISOString();
const asked = (first = true, connector: { kind: 'integration' | 'prompt'; id: number } = { kind: 'integration', id: 5 }): BotEvent => ({
  type: 'BotConnectorAsked',
  data: { ticketId: 7, connector, messageId: 'm1', body: 'oi', mediaType: 'chat', first, at, previousAt: null },
});

describe('connectors in the bot journal', () => {
  it('given a connection with a prompt, when a new contact writes, then the prompt answers before the greeting and menus', () => {
    spec(ticketBot)
      .given([])
      .when({ type: 'RouteInbound', input: inbound('oi', { connection: connection({ promptId: 9, integrationId: 5 }) }) }, MORNING)
      .then([
        { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'setIntegration', useIntegration: true, promptId: 9 } } },
        {
          type: 'BotConnectorAsked',
          data: {
            ticketId: 7,
            connector: { kind: 'prompt', id: 9 },
            messageId: inbound('').message.messageId,
            body: 'oi',
            mediaType: 'chat',
            first: true,
            at,
            previousAt: null,
          },
        },
      ]);
  });

  it('given a queue with an integration, when the ticket enters it, then the integration takes it instead of the greeting', () => {
    const withHook = queue(1, 'Vendas', { integrationId: 5 });
    spec(ticketBot)
      .given([])
      .when({ type: 'RouteInbound', input: inbound('oi', { queues: [withHook] }) }, MORNING)
      .thenState((state) => expect(state).toMatchObject({ queueId: 1, connector: { ref: { kind: 'integration', id: 5 }, sessionId: null } }));
  });

  it('given a connector answering, when the contact writes again, then it is asked again with its previous time', () => {
    spec(ticketBot)
      .given([asked()])
      .when({ type: 'RouteInbound', input: inbound('e agora?') }, new Date(MORNING.getTime() + 1000))
      .then([
        {
          type: 'BotConnectorAsked',
          data: {
            ticketId: 7,
            connector: { kind: 'integration', id: 5 },
            messageId: inbound('').message.messageId,
            body: 'e agora?',
            mediaType: 'chat',
            first: false,
            at: new Date(MORNING.getTime() + 1000).toISOString(),
            previousAt: at,
          },
        },
      ]);
  });

  it('records the answer, the session, and the hand-over to the prompt queue', () => {
    spec(ticketBot)
      .given([asked(true, { kind: 'prompt', id: 9 })])
      .when(
        {
          type: 'RecordConnectorOutcome',
          ticketId: 7,
          outcome: { replies: ['Olá'], sessionId: 's-1', handOver: { reason: 'connector', queueId: 3, notice: true } },
        },
        MORNING,
      )
      .then([
        { type: 'BotReplied', data: { ticketId: 7, purpose: 'connector', body: 'Olá', at } },
        { type: 'BotConnectorSessionNoted', data: { ticketId: 7, sessionId: 's-1', at } },
        { type: 'BotReplied', data: { ticketId: 7, purpose: 'handOver', body: BOT_TEXTS.handOver, at } },
        { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'assignQueue', queueId: 3, reason: 'chatbot' } } },
        { type: 'BotTicketChangeDecided', data: { ticketId: 7, change: { kind: 'setIntegration', useIntegration: false } } },
        { type: 'BotHandedOver', data: { ticketId: 7, reason: 'connector', at } },
      ]);
  });

  it('records a spoken answer after the texts, so it reaches the contact after them', () => {
    const media = { url: '/media/1/abc.mp3', mime: 'audio/mpeg', size: 2048, name: 'resposta.mp3' };
    spec(ticketBot)
      .given([asked(true, { kind: 'prompt', id: 9 })])
      .when({ type: 'RecordConnectorOutcome', ticketId: 7, outcome: { replies: ['Olá'], audio: media } }, MORNING)
      .then([
        { type: 'BotReplied', data: { ticketId: 7, purpose: 'connector', body: 'Olá', at } },
        { type: 'BotSpoke', data: { ticketId: 7, media, at } },
      ]);
  });

  it('ignores a late answer once a person took the ticket', () => {
    spec(ticketBot)
      .given([asked(), { type: 'BotHandedOver', data: { ticketId: 7, reason: 'attendant', at } }])
      .when({ type: 'RecordConnectorOutcome', ticketId: 7, outcome: { replies: ['tarde'] } })
      .then([]);
  });

  it('the toggle: off hands over, on arms the connector for the next message', () => {
    spec(ticketBot)
      .given([asked()])
      .when({ type: 'RouteIntegrationToggle', ticketId: 7, on: false, connector: null })
      .thenState((s) => expect(s.connector).toBeNull());
    spec(ticketBot).given([]).when({ type: 'RouteIntegrationToggle', ticketId: 7, on: false, connector: null }).then([]);
    const armed: BotEvent = { type: 'BotConnectorArmed', data: { ticketId: 7, connector: { kind: 'integration', id: 5 }, at } };
    spec(ticketBot)
      .given([])
      .when({ type: 'RouteIntegrationToggle', ticketId: 7, on: true, connector: { kind: 'integration', id: 5 } }, MORNING)
      .then([armed]);
    spec(ticketBot)
      .given([{ type: 'BotHandedOver', data: { ticketId: 7, reason: 'connector', at } }, armed])
      .when({ type: 'RouteInbound', input: inbound('voltei', { queues: [sales] }) }, MORNING)
      .thenState((s) => expect(s).toMatchObject({ armed: null, connector: { ref: { kind: 'integration', id: 5 } } }));
  });

  it('a connector’s bubbles do not trip the reply-storm guard; its questions count', () => {
    const bubbles: BotEvent[] = Array.from({ length: 12 }, () => ({ type: 'BotReplied', data: { ticketId: 7, purpose: 'connector', body: 'x', at } }));
    spec(ticketBot)
      .given([asked(), ...bubbles])
      .when({ type: 'RouteInbound', input: inbound('oi') }, MORNING)
      .thenState((s) => expect(s.handedOver).toBeNull());
  });
});
