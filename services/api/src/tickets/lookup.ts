import { mayWrite } from '@conversa/contracts';
import type { TicketCaller, TicketLookup } from '@conversa/core';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import { defaultConnection, findConnection } from '@conversa/projections/connections/queries';
import { findContact } from '@conversa/projections/contacts/queries';
import type { ReadDatabase } from '@conversa/projections/database';
import { existingPromptIds } from '@conversa/projections/prompts/queries';
import { existingQueueIds } from '@conversa/projections/queues/queries';
import { canSeeTicket, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import { findUser } from '@conversa/projections/users/queries';
import type { Kysely } from 'kysely';
import type { Principal } from '../http/auth';

/** The caller of a ticket request: ticketsAdmin is the role table's audience that may work outside queues. */
export const ticketCaller = (principal: Principal): TicketCaller => ({
  companyId: principal.companyId,
  userId: principal.userId,
  ticketsAdmin: mayWrite(principal.user, 'ticketsAdmin'),
});

/** The ticket requests' facts read from the read models, as this caller sees them (their company, their tickets). */
export function ticketLookup(db: Kysely<ReadDatabase>, principal: Principal): TicketLookup {
  const { companyId } = principal;
  return {
    async visibleTicket(ticketId) {
      const ticket = await findTicket(db, companyId, ticketId);
      return ticket && canSeeTicket(viewerOf(principal), ticket) ? ticket : null;
    },
    async holder(ticketId) {
      const other = await findTicket(db, companyId, ticketId);
      return other ? { userId: other.userId, userName: other.user?.name ?? null, queueName: other.queue?.name ?? null, uuid: other.uuid } : null;
    },
    contact: async (contactId) => (await findContact(db, companyId, contactId)) ?? null,
    user: async (userId) => findUser(db, userId, companyId),
    queueExists: async (queueId) => (await existingQueueIds(db, companyId, [queueId])).length > 0,
    promptExists: async (promptId) => (await existingPromptIds(db, companyId, [promptId])).length > 0,
    connection: (whatsappId) => findConnection(db, whatsappId, { companyId }),
    defaultConnection: () => defaultConnection(db, companyId),
    requiredTag: async () => (await companySettingsOf(db, companyId)).requiredTag === 'enabled',
  };
}
