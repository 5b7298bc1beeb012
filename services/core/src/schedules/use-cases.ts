import { DomainError, scheduleStream, type Actor, type CreateScheduleRequest, type UpdateScheduleRequest } from '@conversa/contracts';
import type { UseCaseContext } from '../commands/execute';
import type { IdAllocator } from '../ids';
import { streamCommands } from '../shared/stream-commands';
import { schedule } from './schedule';

const onSchedule = streamCommands(schedule, scheduleStream);

/** What the scheduled-message use cases need of their process: commands awaited into the read models, and ids. */
export interface ScheduleUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}

/** The read models a scheduled message's contact, ticket and user are checked against (all of the company). */
export interface ScheduleLookup {
  contactExists(companyId: number, contactId: number): Promise<boolean>;
  /** The ticket's contact; null when the company has no such ticket. */
  ticketContactId(companyId: number, ticketId: number): Promise<number | null>;
  userExists(companyId: number, userId: number): Promise<boolean>;
}

async function checkContact(lookup: ScheduleLookup, companyId: number, contactId: number | undefined): Promise<void> {
  if (contactId !== undefined && !(await lookup.contactExists(companyId, contactId))) throw new DomainError('ERR_NO_CONTACT_FOUND');
}

async function checkUser(lookup: ScheduleLookup, companyId: number, userId: number | null | undefined): Promise<void> {
  if (userId !== null && userId !== undefined && !(await lookup.userExists(companyId, userId))) throw new DomainError('ERR_NO_USER_FOUND');
}

/**
 * A scheduled message to a contact of the company, written from one of its tickets or not, sent as
 * the user named (by default the caller). Answers its id.
 */
export async function createSchedule(
  ctx: ScheduleUseCaseContext,
  input: { companyId: number; actor: Actor; callerId: number; request: CreateScheduleRequest; lookup: ScheduleLookup },
): Promise<number> {
  const { companyId, request, lookup } = input;
  await checkContact(lookup, companyId, request.contactId);
  const ticketId = request.ticketId ?? null;
  if (ticketId !== null) {
    const ticketContactId = await lookup.ticketContactId(companyId, ticketId);
    if (ticketContactId === null) throw new DomainError('ERR_NO_TICKET_FOUND');
    if (ticketContactId !== request.contactId) throw new DomainError('ERR_VALIDATION', 'contactId: não é o contato deste ticket');
  }
  const userId = request.userId ?? input.callerId;
  await checkUser(lookup, companyId, userId);
  const scheduleId = await ctx.ids.next('schedule');
  const fields = { contactId: request.contactId, body: request.body, sendAt: request.sendAt, userId };
  await onSchedule(ctx, input, scheduleId, { type: 'CreateSchedule', scheduleId, ticketId, fields });
  return scheduleId;
}

export async function changeSchedule(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; id: number; changes: UpdateScheduleRequest; lookup: ScheduleLookup },
): Promise<void> {
  const { companyId, changes, lookup } = input;
  await checkContact(lookup, companyId, changes.contactId);
  await checkUser(lookup, companyId, changes.userId);
  await onSchedule(ctx, input, input.id, { type: 'ChangeSchedule', changes });
}

/** Deletes a scheduled message; answers the confirmation the client shows. */
export async function deleteSchedule(ctx: UseCaseContext, input: { companyId: number; actor: Actor; id: number }): Promise<{ message: string }> {
  await onSchedule(ctx, input, input.id, { type: 'DeleteSchedule' });
  return { message: 'Schedule deleted' };
}
