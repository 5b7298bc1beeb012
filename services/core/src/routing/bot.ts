import type { BotConnectorRef, BotEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { routeAttendantTookOver, routeClosing, routeTransfer, type ClosingInput, type TransferInput } from './closing';
import { recordConnectorOutcome, routeIntegrationToggle, type ConnectorOutcome } from './connectors';
import { BOT_BURST_LIMIT, routeInbound } from './inbound';
import { initialBotState, type BotAction, type BotState, type InboundInput, type RoutingClock } from './model';
import { routeRandomUser, type RandomUserInput } from './random';
import {
  routeInactivity,
  routeRatingExpiry,
  routeRotation,
  routeSendQueue,
  type InactivityInput,
  type RatingExpiryInput,
  type RotationInput,
  type SendQueueInput,
} from './timers';

/**
 * Each command carries what the engine reads besides the journal; its clock's `now` is replaced by
 * the command's time, so a retried command decides on the moment it is appended.
 */
export type BotCommand =
  | { type: 'RouteInbound'; input: InboundInput }
  | { type: 'RouteClosing'; input: ClosingInput }
  | { type: 'RouteTransfer'; input: TransferInput }
  | { type: 'RouteAttendantTookOver'; ticketId: number }
  | { type: 'RouteInactivity'; input: InactivityInput }
  | { type: 'RouteRatingExpiry'; input: RatingExpiryInput }
  | { type: 'RouteSendQueue'; input: SendQueueInput }
  | { type: 'RouteRotation'; input: RotationInput }
  /** userRandom: the caller draws the number; the rule only reads it. */
  | { type: 'RouteRandomUser'; input: RandomUserInput }
  /** The bot-connectors reactor records what the connector answered. */
  | { type: 'RecordConnectorOutcome'; ticketId: number; outcome: ConnectorOutcome }
  /** An attendant switched the ticket's integration on (with the connector to arm) or off. */
  | { type: 'RouteIntegrationToggle'; ticketId: number; on: boolean; connector: BotConnectorRef | null };

const at = <T extends { clock: RoutingClock }>(input: T, now: Date): T => ({ ...input, clock: { ...input.clock, now } });

/** The commands that run a routing routine on their input (its ticket and clock). */
type RoutedCommand = Extract<BotCommand, { input: unknown }>;

/** Each routed command's routine. */
const routines: { [T in RoutedCommand['type']]: (state: BotState, input: Extract<RoutedCommand, { type: T }>['input']) => readonly BotAction[] } = {
  RouteInbound: routeInbound,
  RouteClosing: routeClosing,
  RouteTransfer: routeTransfer,
  RouteInactivity: routeInactivity,
  RouteRatingExpiry: routeRatingExpiry,
  RouteSendQueue: routeSendQueue,
  RouteRotation: routeRotation,
  RouteRandomUser: routeRandomUser,
};

/**
 * The bot's journal for one ticket (stream `ticketbot-<ticketId>`): the pure routing rules decide,
 * the journal records each action as an event, and evolve folds them back into where the bot stands.
 * Appending with the stream's expected revision means two triggers racing on a ticket (a message
 * and a timer) each decide on what the other recorded.
 */
export const ticketBot: Decider<BotState, BotCommand, BotEvent> = {
  initialState: initialBotState,

  evolve(state, event) {
    switch (event.type) {
      case 'BotReplied':
        // Only the last few matter to the storm guard; a connector's many bubbles count once, as its question.
        if (event.data.purpose === 'connector') return state;
        return { ...state, recentReplies: [...state.recentReplies, event.data.at].slice(-BOT_BURST_LIMIT) };
      case 'BotConnectorAsked': {
        const { connector, first, at } = event.data;
        const sessionId = !first && state.connector ? state.connector.sessionId : null;
        return {
          ...state,
          menu: null,
          handedOver: null,
          armed: null,
          connector: { ref: connector, sessionId, lastAskedAt: at },
          recentReplies: [...state.recentReplies, at].slice(-BOT_BURST_LIMIT),
        };
      }
      case 'BotConnectorSessionNoted':
        return state.connector ? { ...state, connector: { ...state.connector, sessionId: event.data.sessionId } } : state;
      case 'BotConnectorArmed':
        return { ...state, armed: event.data.connector };
      case 'BotMenuShown': {
        const { menu, queueId, path, attempt, windowStartedAt } = event.data;
        return {
          ...state,
          menu: { menu, queueId, path, attempt, windowStartedAt },
          handedOver: null,
          awaitingRating: state.awaitingRating || menu === 'rating',
        };
      }
      case 'BotHandedOver':
        return { ...state, menu: null, connector: null, armed: null, handedOver: { reason: event.data.reason, at: event.data.at } };
      case 'BotTicketChangeDecided': {
        const change = event.data.change;
        switch (change.kind) {
          case 'assignQueue':
            return { ...state, queueId: change.queueId, userAssigned: false };
          case 'assignUser':
            return { ...state, menu: null, userAssigned: true };
          case 'requestLgpd':
            return state;
          case 'answerLgpd':
            return { ...state, lgpd: change.accepted ? 'accepted' : 'refused', menu: state.menu?.menu === 'lgpd' ? null : state.menu };
          case 'close':
            return { ...state, menu: null };
          case 'requestRating':
            return { ...state, awaitingRating: true };
          case 'rate':
          case 'expireRating':
            return { ...state, awaitingRating: false, menu: null };
          case 'setIntegration':
            return state;
        }
        return state;
      }
      case 'BotContactNoted':
        return event.data.note === 'outOfHours' ? { ...state, lastOutOfHoursAt: event.data.at } : state;
      case 'BotInactivityWarned':
        return { ...state, warnedFor: event.data.idleSince };
      case 'BotFilesSent':
        return { ...state, filesSent: [...state.filesSent, event.data.fileListId] };
      case 'BotSpoke':
        return state;
    }
  },

  decide(state, command, { now }) {
    switch (command.type) {
      case 'RouteInbound':
      case 'RouteClosing':
      case 'RouteTransfer':
      case 'RouteInactivity':
      case 'RouteRatingExpiry':
      case 'RouteSendQueue':
      case 'RouteRotation':
      case 'RouteRandomUser': {
        const { input } = command;
        const routine = routines[command.type] as (state: BotState, input: RoutedCommand['input']) => readonly BotAction[];
        return record(input.ticket.id, input.ticket.contactId, routine(state, at(input, now)), now);
      }
      case 'RouteAttendantTookOver':
        return record(command.ticketId, null, routeAttendantTookOver(state), now);
      case 'RecordConnectorOutcome':
        return record(command.ticketId, null, recordConnectorOutcome(state, command.outcome), now);
      case 'RouteIntegrationToggle':
        return record(command.ticketId, null, routeIntegrationToggle(state, command), now);
    }
  },
};

/** Each action as the journal's fact. */
export function record(ticketId: number, contactId: number | null, actions: readonly BotAction[], now: Date): BotEvent[] {
  const when = now.toISOString();
  return actions.flatMap((action): BotEvent[] => {
    switch (action.type) {
      case 'reply':
        return [{ type: 'BotReplied', data: { ticketId, purpose: action.purpose, body: action.body, at: when } }];
      case 'showMenu': {
        const { menu, queueId, path, attempt, windowStartedAt } = action;
        return [{ type: 'BotMenuShown', data: { ticketId, menu, queueId, path, attempt, windowStartedAt } }];
      }
      case 'handOver':
        return [{ type: 'BotHandedOver', data: { ticketId, reason: action.reason, at: when } }];
      case 'changeTicket':
        return [{ type: 'BotTicketChangeDecided', data: { ticketId, change: action.change } }];
      case 'noteContact':
        return contactId === null ? [] : [{ type: 'BotContactNoted', data: { ticketId, contactId, note: action.note, at: when } }];
      case 'markInactivityWarned':
        return [{ type: 'BotInactivityWarned', data: { ticketId, idleSince: action.idleSince } }];
      case 'sendFiles': {
        const { id: fileListId, message, files } = action.list;
        return [{ type: 'BotFilesSent', data: { ticketId, fileListId, source: action.source, message, files, at: when } }];
      }
      case 'speak':
        return [{ type: 'BotSpoke', data: { ticketId, media: action.media, at: when } }];
      case 'askConnector':
        return [
          {
            type: 'BotConnectorAsked',
            data: { ticketId, connector: action.connector, ...action.message, first: action.first, at: when, previousAt: action.previousAt },
          },
        ];
      case 'noteConnectorSession':
        return [{ type: 'BotConnectorSessionNoted', data: { ticketId, sessionId: action.sessionId, at: when } }];
      case 'armConnector':
        return [{ type: 'BotConnectorArmed', data: { ticketId, connector: action.connector, at: when } }];
    }
  });
}
