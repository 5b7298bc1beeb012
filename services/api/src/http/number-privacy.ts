import { hidesNumbers, maskContactNumbers } from '@conversa/contracts';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer itself is a contact or a list of them (not only answers that embed one). */
    contactAnswer?: boolean;
  }
}

/**
 * LGPD hide-number on the server: while the company's lgpdHideNumber is on, every answer to a
 * plain user carries contact numbers masked (tickets, messages, scheduled messages, contacts …), so the
 * full number never reaches their browser. Routes need nothing but `contactAnswer` when they answer
 * contacts at the root; embedded contacts are found by their key.
 */
export function installNumberPrivacy(app: FastifyInstance, deps: { db: Kysely<ReadDatabase> }): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const principal = request.principal;
    // Only a plain user can be masked: admins, supervisors and public routes skip the settings read.
    if (!principal || payload === null || typeof payload !== 'object' || !(await numbersHiddenFor(deps.db, principal))) return payload;
    return maskContactNumbers(payload, { root: request.routeOptions.config?.contactAnswer === true });
  });
}

/** Whether this caller is shown numbers masked now (their company's lgpdHideNumber is on). */
export async function numbersHiddenFor(db: Kysely<ReadDatabase>, principal: { profile: string; super: boolean; companyId: number }): Promise<boolean> {
  if (!hidesNumbers(principal, 'enabled')) return false;
  return hidesNumbers(principal, (await companySettingsOf(db, principal.companyId)).lgpdHideNumber);
}

/** Marks every route the plugin registers from here on as answering contacts at the root. */
export function answersContacts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, contactAnswer: true };
  });
}
