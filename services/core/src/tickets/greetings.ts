import {
  comparePositions,
  contactStream,
  defaultCompanySettings,
  streams,
  ticketStream,
  type ContactEvent,
  type CompanyEvent,
  isProductEvent,
  type Position,
  type RecordedEvent,
  type TicketEvent,
  type UserEvent,
} from '@conversa/contracts';
import { acceptGreeting } from '@conversa/contracts/tickets/greetings';
import { v5 as uuidv5 } from 'uuid';
import { fold } from '../commands/decider';
import type { CommandContext } from '../commands/run';
import { company } from '../companies/company';
import { contact } from '../contacts/contact';
import { queueOutboundMessage } from '../messages/lifecycle';
import { user } from '../users/user';
import { ticket } from './ticket';

/** Namespace of the attendant's greeting and farewell ids: one ticket event, one message, however often it is handled. */
const ATTENDANT_MESSAGE_NAMESPACE = '3f0b8d52-9c1e-4a7f-b6d4-2e5a9c8f1d07';
export const attendantMessageId = (eventId: string): string => uuidv5(eventId, ATTENDANT_MESSAGE_NAMESPACE);

/** The ticket events that may post an attendant's message. */
export const ATTENDANT_MESSAGE_EVENTS = ['TicketAccepted', 'TicketClosed'] as const;

/**
 * Posts, as the attendant who acted, the greeting when they accept a ticket (company setting
 * sendGreetingAccepted, not in groups) and their farewell message when they close it with one.
 * Everything is read as it stood when the ticket event was recorded (the setting, the names, the
 * farewell text, the ticket's queue), so handling an event late or twice posts the same message,
 * once: its id derives from the event's. Changes made by the system or the bot post nothing.
 */
export async function postAttendantMessage(ctx: CommandContext, event: RecordedEvent): Promise<{ messageId: string; position: Position | null } | null> {
  const actor = event.metadata.actor;
  if (actor.kind !== 'user' || !isProductEvent(event, 'TicketAccepted', 'TicketClosed')) return null;
  const userId = Number(actor.id);
  const companyId = event.metadata.companyId;
  const ticketEvents = (await ctx.store.readStream(ticketStream(event.data.ticketId))).filter((earlier) => earlier.revision <= event.revision);
  // The queue the ticket is in after this change (an accept may place it in one): that queue's part of the conversation.
  const after = fold(ticket, ticketEvents as unknown as TicketEvent[]);
  if (after.status === 'none') return null;
  const attendant = fold(user, (await readUpTo(ctx, streams.user(userId), event.position)) as unknown as UserEvent[]);
  if (attendant.status === 'none') return null;

  let body: string;
  if (event.type === 'TicketAccepted') {
    if (after.isGroup) return null;
    const owner = fold(company, (await readUpTo(ctx, streams.company(companyId), event.position)) as unknown as CompanyEvent[]);
    const settings = { ...defaultCompanySettings, ...(owner.status === 'none' ? {} : owner.settings) };
    if (settings.sendGreetingAccepted !== 'enabled') return null;
    const person = fold(contact, (await readUpTo(ctx, contactStream(after.contactId), event.position)) as unknown as ContactEvent[]);
    body = acceptGreeting(person.status === 'none' ? '' : person.details.name, attendant.details.name);
  } else {
    if (!event.data.farewell) return null;
    body = attendant.details.farewellMessage.trim();
    if (body === '') return null;
  }
  return queueOutboundMessage(ctx, {
    companyId,
    actor,
    ticket: { id: after.ticketId, contactId: after.contactId, whatsappId: after.whatsappId, queueId: after.queueId },
    userId,
    body,
    messageId: attendantMessageId(event.id),
  });
}

/** A stream's events recorded before a position: the aggregate as it stood then. */
async function readUpTo(ctx: CommandContext, streamId: string, position: Position): Promise<RecordedEvent[]> {
  return (await ctx.store.readStream(streamId)).filter((earlier) => comparePositions(earlier.position, position) < 0);
}
