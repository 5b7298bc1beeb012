import {
  CreateQueueIntegrationRequest,
  DomainError,
  ListQueueIntegrationsQuery,
  QUEUE_INTEGRATIONS_PAGE_SIZE,
  serviceAccountOf,
  TestIntegrationSessionRequest,
  UpdateQueueIntegrationRequest,
  QueueIntegrationPage,
  QueueIntegrationView,
  IntegrationTestResult,
} from '@conversa/contracts';
import { ConnectorError, changeQueueIntegration, checkIntegrationUrl, createQueueIntegration, deleteQueueIntegration } from '@conversa/core';
import { findQueueIntegration, listQueueIntegrations, storedQueueIntegration } from '@conversa/projections/queueIntegrations/queries';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { actingAs, recordRoutes } from '../http/records';

const read = { plan: 'useIntegrations' as const };
const admin = { area: 'queueIntegrations' as const, plan: 'useIntegrations' as const };

/**
 * Queue integrations (spec 2 §7): every user of the company lists them (the queue and connection
 * dialogs pick from them); admins change them. The Dialogflow key is sealed and never answered.
 */
export async function queueIntegrationRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // Before /:id, so testSession is not read as an id.
  app.post(
    '/queueIntegration/testSession',
    {
      config: {
        auth: admin,
        contract: {
          summary: 'Says a text to the service and answers what it said (Dialogflow, Typebot, n8n, webhook)',
          body: TestIntegrationSessionRequest,
          response: IntegrationTestResult,
          errors: ['ERR_NO_INTEGRATION_FOUND', 'ERR_INTEGRATION_URL_NOT_ALLOWED'],
        },
      },
    },
    async (request): Promise<IntegrationTestResult> => {
      const body = request.body;
      const companyId = request.principal.companyId;
      const stored = body.id !== undefined ? await storedQueueIntegration(ctx.db, companyId, body.id) : undefined;
      if (body.id !== undefined && !stored) throw new DomainError('ERR_NO_INTEGRATION_FOUND');
      const json = body.jsonContent.trim() !== '' ? body.jsonContent : stored ? ctx.secrets.open(stored.jsonContent) : '';
      // The same refusal as saving; the connector checks again the address it dials.
      if (body.type !== 'dialogflow') await checkIntegrationUrl(ctx, body.urlN8N);
      try {
        switch (body.type) {
          case 'dialogflow': {
            const credentials = serviceAccountOf(json);
            if (!credentials || body.projectName === '') throw new DomainError('ERR_VALIDATION', 'Informe o nome do projeto e as credenciais JSON');
            const answer = await ctx.connectors.dialogflow.detectIntent({
              credentials,
              projectId: body.projectName,
              sessionId: `test-${request.principal.userId}`,
              text: body.text,
              languageCode: body.language,
            });
            return { ok: true, messages: answer.texts, error: null };
          }
          case 'typebot': {
            if (body.urlN8N === '' || body.typebotSlug === '') throw new DomainError('ERR_VALIDATION', 'Informe a URL e o slug do fluxo');
            const turn = await ctx.connectors.typebot.startChat({ baseUrl: body.urlN8N, publicId: body.typebotSlug, message: body.text });
            return { ok: true, messages: turn.messages, error: null };
          }
          default: {
            if (body.urlN8N === '') throw new DomainError('ERR_VALIDATION', 'Informe a URL');
            const answer = await ctx.connectors.webhook.post(body.urlN8N, {
              event: 'message',
              companyId,
              ticket: { id: 1, uuid: '00000000-0000-0000-0000-000000000000', status: 'pending', queueId: null },
              contact: { id: 1, name: 'Teste', number: '0' },
              message: { id: 'test', body: body.text, mediaType: 'chat', fromMe: false },
              integration: { id: body.id ?? 0, name: stored?.name ?? 'teste', type: body.type },
            });
            return { ok: true, messages: answer.replies, error: null };
          }
        }
      } catch (error) {
        // The service's refusal is the test's answer, not this server's failure.
        if (error instanceof ConnectorError) return { ok: false, messages: [], error: error.message };
        throw error;
      }
    },
  );

  recordRoutes(app, {
    path: '/queueIntegration',
    view: QueueIntegrationView,
    notFound: 'ERR_NO_INTEGRATION_FOUND',
    find: (request, id) => findQueueIntegration(ctx.db, request.principal.companyId, id),
    auth: admin,
    readAuth: read,
    list: {
      summary: 'The company’s queue integrations, a page at a time',
      query: ListQueueIntegrationsQuery,
      response: QueueIntegrationPage,
      run: ({ searchParam, pageNumber }, request) =>
        listQueueIntegrations(ctx.db, request.principal.companyId, {
          searchParam,
          offset: (pageNumber - 1) * QUEUE_INTEGRATIONS_PAGE_SIZE,
          limit: QUEUE_INTEGRATIONS_PAGE_SIZE,
        }),
    },
    get: { summary: 'One queue integration (its key is never answered)' },
    create: {
      summary: 'Creates a queue integration',
      body: CreateQueueIntegrationRequest,
      errors: ['ERR_INTEGRATION_URL_NOT_ALLOWED'],
      run: (details, request) => createQueueIntegration(ctx, { ...actingAs(request), details }),
    },
    change: {
      summary: 'Changes a queue integration; an empty jsonContent keeps the stored key',
      body: UpdateQueueIntegrationRequest,
      errors: ['ERR_INTEGRATION_URL_NOT_ALLOWED'],
      run: ({ id, changes }, request) => changeQueueIntegration(ctx, { ...actingAs(request), id, changes }),
    },
    delete: { summary: 'Deletes a queue integration', run: ({ id }, request) => deleteQueueIntegration(ctx, { ...actingAs(request), id }) },
  });
}
