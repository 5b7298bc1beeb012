import { ConnectionIdParams, DomainError, SandboxInboundRequest, SandboxOutboxQuery, SandboxInboundAnswer, SandboxOutboxMessage } from '@conversa/contracts';
import { z } from 'zod';
import { deliverSandboxMessage, migrateSandbox, sandboxOutbox } from '@conversa/channels';
import { contactNumber } from '@conversa/core';
import { findConnection } from '@conversa/projections/connections/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';

/**
 * Sandbox media urls may reach private addresses only when the operator says so (a developer's
 * machine, tests): anything else would let a sandbox user read the server's own network.
 */
const allowPrivateMedia = () => process.env.SANDBOX_MEDIA_PRIVATE_NETWORKS === 'allow';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The contact's side of a sandbox connection authenticates with the connection's token, not a
 * user session: unknown connections (and connections of other channels) are not found; a missing
 * token is 401, a wrong one 403.
 */
async function sandboxConnection(ctx: ApiContext, request: FastifyRequest) {
  const { id } = parse(ConnectionIdParams, request.params);
  const found = await findConnection(ctx.db, id, { withToken: true });
  if (!found || found.channel !== 'sandbox') throw new DomainError('ERR_NO_WAPP_FOUND');
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new DomainError('ERR_UNAUTHENTICATED');
  if (!found.token || !sameToken(token, found.token)) throw new DomainError('ERR_INVALID_CONNECTION_TOKEN');
  return found;
}

/** The numbers a contact's messages may be recorded under: as given and as the contacts normalise it. */
function numbersOf(to: string): string[] {
  try {
    const normalised = contactNumber(to, { channel: 'sandbox', isGroup: false, verifiedByChannel: true }).number;
    return [...new Set([to, normalised])];
  } catch {
    return [to];
  }
}

/** The sandbox channel (issue 6): try Conversa without a phone; tests drive it end to end. */
export async function sandboxRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await migrateSandbox(ctx.db);

  app.post(
    '/sandbox/:id/messages',
    {
      config: {
        auth: 'public',
        contract: {
          summary: "A contact's message into a sandbox connection",
          security: 'connectionToken',
          params: ConnectionIdParams,
          body: SandboxInboundRequest,
          status: 202,
          response: SandboxInboundAnswer,
          errors: [
            'ERR_NO_WAPP_FOUND',
            'ERR_UNAUTHENTICATED',
            'ERR_INVALID_CONNECTION_TOKEN',
            'ERR_WAPP_NOT_INITIALIZED',
            'ERR_MEDIA_TOO_LARGE',
            'ERR_WAPP_DOWNLOAD_MEDIA',
            'ERR_MEDIA_TYPE_NOT_ALLOWED',
          ],
        },
      },
    },
    async (request, reply) => {
      const target = await sandboxConnection(ctx, request);
      const body = parse(SandboxInboundRequest, request.body);
      // A disconnected channel receives nothing, as a phone without a session would not.
      if (target.status !== 'CONNECTED') throw new DomainError('ERR_WAPP_NOT_INITIALIZED');
      const received = await deliverSandboxMessage(ctx, { id: target.id, companyId: target.companyId }, body, { allowPrivateNetworks: allowPrivateMedia() });
      await ctx.waitForProjections(received.position);
      return reply.status(202).send({ id: received.messageId, ticketId: received.ticketId, contactId: received.contactId, duplicate: received.duplicate });
    },
  );

  app.get(
    '/sandbox/:id/outbox',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'What the sandbox connection sent to a number',
          security: 'connectionToken',
          params: ConnectionIdParams,
          query: SandboxOutboxQuery,
          response: z.object({ messages: z.array(SandboxOutboxMessage) }),
          errors: ['ERR_NO_WAPP_FOUND', 'ERR_UNAUTHENTICATED', 'ERR_INVALID_CONNECTION_TOKEN'],
        },
      },
    },
    async (request): Promise<{ messages: SandboxOutboxMessage[] }> => {
      const target = await sandboxConnection(ctx, request);
      const { to } = parse(SandboxOutboxQuery, request.query);
      return { messages: await sandboxOutbox(ctx.db, target.id, numbersOf(to)) };
    },
  );
}
