import { maskContactNumbers } from '@conversa/contracts';
import type { FastifyInstance } from 'fastify';

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
export function installNumberPrivacy(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    // The principal read the setting with the user (public routes have none).
    if (!request.principal?.numbersHidden || payload === null || typeof payload !== 'object') return payload;
    return maskContactNumbers(payload, { root: request.routeOptions.config?.contactAnswer === true });
  });
}

/** Marks every route the plugin registers from here on as answering contacts at the root. */
export function answersContacts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, contactAnswer: true };
  });
}
