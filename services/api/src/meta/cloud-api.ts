import { GraphError, type GraphApi } from '@conversa/channels/meta/index';
import {
  CloudApiConfigRequest,
  ConnectionIdParams,
  DomainError,
  fillTemplate,
  RecordIdParam,
  SendTemplateRequest,
  templateParameterCount,
  type CloudApiConfigView,
  type MessageTemplateView,
  type MessageView,
  type TicketTemplatesView,
  type TicketView,
} from '@conversa/contracts';
import { configureCloudApi, openAccount, sendMessages } from '@conversa/core';
import { connectionSecrets, connectionsOfAccount, findConnection } from '@conversa/projections/connections/queries';
import { findMessagesById, lastInboundAt } from '@conversa/projections/messages/queries';
import { canSeeTicket, findTicket, viewerOf } from '@conversa/projections/tickets/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';

/** The Cloud API answers a contact freely for 24 hours after their last message; after that only templates go out. */
export const REPLY_WINDOW_MS = 24 * 3_600_000;

const TicketParams = z.object({ ticketId: RecordIdParam });
const ConfigAnswer = z.custom<CloudApiConfigView>();

function graphOf(ctx: ApiContext): GraphApi {
  if (!ctx.meta?.graph) throw new DomainError('ERR_META_NOT_CONFIGURED');
  return ctx.meta.graph;
}

/** A refusal by Meta (unknown id, bad token) is the caller's to fix; anything else is Meta's. */
function cloudFailure(error: unknown): never {
  if (error instanceof GraphError && error.status >= 400 && error.status < 500)
    throw new DomainError('ERR_CLOUD_API_INVALID', undefined, { graph: error.message });
  if (error instanceof DomainError) throw error;
  throw new DomainError('ERR_META_UNAVAILABLE', undefined, error instanceof Error ? { graph: error.message } : undefined);
}

const hintOf = (token: string | null) => (token ? `…${token.slice(-4)}` : null);

async function cloudConnection(ctx: ApiContext, companyId: number, id: number) {
  const found = await findConnection(ctx.db, id, { companyId });
  if (!found) throw new DomainError('ERR_NO_WAPP_FOUND');
  if (found.channel !== 'whatsappapi') throw new DomainError('ERR_VALIDATION', 'Only WhatsApp Cloud API connections take a Cloud API number');
  const secrets = await connectionSecrets(ctx.db, id);
  return { connection: found, account: secrets ? openAccount(ctx.secrets, secrets.account) : null };
}

async function visibleTicket(ctx: ApiContext, request: FastifyRequest, ticketId: number): Promise<TicketView> {
  const ticket = await findTicket(ctx.db, request.principal.companyId, ticketId);
  if (!ticket || !canSeeTicket(viewerOf(request.principal), ticket)) throw new DomainError('ERR_NO_TICKET_FOUND');
  return ticket;
}

/** The approved templates of the business account behind the ticket's Cloud API number. */
async function approvedTemplates(ctx: ApiContext, ticket: TicketView): Promise<MessageTemplateView[]> {
  if (ticket.channel !== 'whatsapp_cloud' || ticket.whatsappId === null) return [];
  const secrets = await connectionSecrets(ctx.db, ticket.whatsappId);
  const businessAccountId = secrets?.account.facebookUserId;
  const token = secrets?.account.tokenMeta && ctx.secrets.open(secrets.account.tokenMeta);
  if (!businessAccountId || !token) throw new DomainError('ERR_CLOUD_API_INVALID', 'The connection has no Cloud API business account or token');
  let templates: Awaited<ReturnType<GraphApi['cloudTemplates']>>;
  try {
    templates = await graphOf(ctx).cloudTemplates(businessAccountId, token);
  } catch (error) {
    cloudFailure(error);
  }
  return templates
    .filter((template) => template.status === 'APPROVED')
    .map((template) => ({
      name: template.name,
      language: template.language,
      category: template.category,
      body: template.body,
      parameters: templateParameterCount(template.body),
    }));
}

/**
 * WhatsApp Cloud API numbers configured from the connection screen (the ids and token checked
 * against the Graph API when saved), and message templates: listed for a ticket with whether its
 * 24-hour window is open, and sent from the composer (queued; the sender reactor sends them).
 */
export async function cloudApiRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    '/whatsapp/:id/cloud-api',
    {
      config: {
        auth: { area: 'connections' },
        contract: {
          summary: 'A Cloud API connection’s number and account ids (the token only as its last 4 characters)',
          params: ConnectionIdParams,
          response: ConfigAnswer,
          errors: ['ERR_NO_WAPP_FOUND'],
        },
      },
    },
    async (request): Promise<CloudApiConfigView> => {
      const { id } = request.params;
      const { account } = await cloudConnection(ctx, request.principal.companyId, id);
      return {
        connectionId: id,
        phoneNumberId: account?.facebookPageUserId ?? null,
        businessAccountId: account?.facebookUserId ?? null,
        tokenHint: hintOf(account?.tokenMeta ?? null),
      };
    },
  );

  app.put(
    '/whatsapp/:id/cloud-api',
    {
      config: {
        auth: { area: 'connections' },
        contract: {
          summary: 'Configure a Cloud API connection: phone number id, business account id and token, checked against the Graph API',
          params: ConnectionIdParams,
          body: CloudApiConfigRequest,
          response: ConfigAnswer,
          errors: ['ERR_NO_WAPP_FOUND', 'ERR_CLOUD_API_INVALID', 'ERR_META_UNAVAILABLE', 'ERR_META_NOT_CONFIGURED', 'ERR_CHANNEL_ALREADY_CONNECTED'],
        },
      },
    },
    async (request): Promise<CloudApiConfigView> => {
      const { id } = request.params;
      const body = request.body;
      const { principal } = request;
      const { account } = await cloudConnection(ctx, principal.companyId, id);
      const token = body.token ?? account?.tokenMeta ?? null;
      if (!token) throw new DomainError('ERR_VALIDATION', 'token: required');
      // The token must speak for the business account, and the account must hold the number.
      let numbers: Awaited<ReturnType<GraphApi['cloudPhoneNumbers']>>;
      try {
        numbers = await graphOf(ctx).cloudPhoneNumbers(body.businessAccountId, token);
      } catch (error) {
        cloudFailure(error);
      }
      if (!numbers.some((number) => number.id === body.phoneNumberId))
        throw new DomainError('ERR_CLOUD_API_INVALID', 'The business account does not hold this phone number id');
      await configureCloudApi(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        connectionId: id,
        phoneNumberId: body.phoneNumberId,
        businessAccountId: body.businessAccountId,
        token,
        holders: async (phoneNumberId) => (await connectionsOfAccount(ctx.db, 'whatsappapi', phoneNumberId)).map((held) => held.id),
      });
      return { connectionId: id, phoneNumberId: body.phoneNumberId, businessAccountId: body.businessAccountId, tokenHint: hintOf(token) };
    },
  );

  app.get(
    '/messages/:ticketId/templates',
    {
      config: {
        contract: {
          summary: 'Whether the ticket’s 24-hour reply window is open, and (when closed) the approved templates of its Cloud API number',
          params: TicketParams,
          response: z.custom<TicketTemplatesView>(),
          errors: ['ERR_NO_TICKET_FOUND', 'ERR_CLOUD_API_INVALID', 'ERR_META_UNAVAILABLE'],
        },
      },
    },
    async (request): Promise<TicketTemplatesView> => {
      const { ticketId } = request.params;
      const ticket = await visibleTicket(ctx, request, ticketId);
      const last = await lastInboundAt(ctx.db, ticket.companyId, ticket.id);
      const closesAt = last ? last.getTime() + REPLY_WINDOW_MS : null;
      const windowOpen = closesAt !== null && closesAt > ctx.now().getTime();
      // Templates matter only once the window is closed: an open window asks Meta nothing.
      return {
        windowOpen,
        windowClosesAt: windowOpen ? new Date(closesAt!).toISOString() : null,
        templates: windowOpen ? [] : await approvedTemplates(ctx, ticket),
      };
    },
  );

  app.post(
    '/messages/:ticketId/template',
    {
      config: {
        contract: {
          summary: 'Send an approved message template on the ticket (the Cloud API’s way past a closed 24-hour window)',
          params: TicketParams,
          body: SendTemplateRequest,
          response: z.custom<{ messages: MessageView[] }>(),
          errors: ['ERR_NO_TICKET_FOUND', 'ERR_TICKET_NOT_OPEN', 'ERR_NO_TEMPLATE_FOUND', 'ERR_CLOUD_API_INVALID', 'ERR_META_UNAVAILABLE'],
        },
      },
    },
    async (request) => {
      const { ticketId } = request.params;
      const body = request.body;
      const ticket = await visibleTicket(ctx, request, ticketId);
      if (ticket.status !== 'open' && ticket.status !== 'group') throw new DomainError('ERR_TICKET_NOT_OPEN');
      if (ticket.channel !== 'whatsapp_cloud') throw new DomainError('ERR_VALIDATION', 'Templates are sent on WhatsApp Cloud API tickets only');
      const template = (await approvedTemplates(ctx, ticket)).find((candidate) => candidate.name === body.name && candidate.language === body.language);
      if (!template) throw new DomainError('ERR_NO_TEMPLATE_FOUND');
      if (body.parameters.length !== template.parameters) throw new DomainError('ERR_VALIDATION', `parameters: the template takes ${template.parameters}`);
      const { principal } = request;
      const ids = await sendMessages(ctx, {
        companyId: principal.companyId,
        actor: userActor(principal.userId),
        userId: principal.userId,
        ticket,
        outgoing: [
          { body: fillTemplate(template.body, body.parameters), template: { name: template.name, language: template.language, parameters: body.parameters } },
        ],
      });
      return { messages: await findMessagesById(ctx.db, ids) };
    },
  );
}
