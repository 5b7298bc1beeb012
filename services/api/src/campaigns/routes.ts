import {
  CampaignPage,
  CampaignSettingsRequest,
  CampaignSettingsView,
  CampaignView,
  CreateCampaignRequest,
  DomainError,
  ListCampaignsQuery,
  RecordIdParam,
  UpdateCampaignRequest,
  type StoredMedia,
} from '@conversa/contracts';
import {
  campaignDetails,
  cancelCampaign,
  changeCampaign,
  createCampaign,
  deleteCampaign,
  restartCampaign,
  saveCampaignSettings,
  setCampaignMedia,
} from '@conversa/core';
import { findCampaign, findCampaignSettings, listCampaigns } from '@conversa/projections/campaigns/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';
import { campaignLookup } from './lookup';

const IdParam = z.object({ id: RecordIdParam });
const Deleted = z.object({ message: z.string() });
/** Campaigns, their report and settings need the plan flag useCampaigns. */
const auth = { area: 'campaigns' as const, plan: 'useCampaigns' as const };
const settingsAuth = { area: 'campaignSettings' as const, plan: 'useCampaigns' as const };
const who = (request: FastifyRequest) => ({ companyId: request.principal.companyId, actor: userActor(request.principal.userId) });
const NOT_FOUND = ['ERR_NO_CAMPAIGN_FOUND'];
const READINESS = [
  'ERR_NO_CONTACT_LIST_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_FILE_LIST_FOUND',
  'ERR_CAMPAIGN_LIST_EMPTY',
  'ERR_CAMPAIGN_CONNECTION_GONE',
  'ERR_CAMPAIGN_MEDIA_MISSING',
  'ERR_CAMPAIGN_NO_MESSAGE',
];

async function companyCampaign(ctx: ApiContext, request: FastifyRequest, id: number): Promise<CampaignView> {
  const found = await findCampaign(ctx.db, request.principal.companyId, id);
  if (!found) throw new DomainError('ERR_NO_CAMPAIGN_FOUND');
  return found;
}

/** The campaign's recorded details (its media is kept: the dialog does not send it). */
const recorded = (view: CampaignView): StoredMedia | null => (view.mediaPath ? { url: view.mediaPath, name: view.mediaName ?? '', mime: '', size: 0 } : null);

/**
 * Campaigns: the table, the dialog's create and edit (the editing rule is the decider's), cancel and
 * restart, the media attachment and the company's settings. Sending is the campaign engine's
 * (services/automation/src/campaigns), never a request's.
 */
export async function campaignRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });
  const lookup = campaignLookup(ctx.db, ctx.media);

  for (const url of ['/campaigns', '/campaigns/']) {
    app.get(
      url,
      { config: { auth, contract: { summary: 'A page of campaigns, newest first', query: ListCampaignsQuery, response: CampaignPage } } },
      async (request) => {
        const query = request.query;
        return listCampaigns(ctx.db, request.principal.companyId, query);
      },
    );
  }

  app.get(
    '/campaigns/:id',
    { config: { auth, contract: { summary: 'One campaign with its report counts', params: IdParam, response: CampaignView, errors: NOT_FOUND } } },
    async (request) => {
      const { id } = request.params;
      return companyCampaign(ctx, request, id);
    },
  );

  app.post(
    '/campaigns',
    {
      config: {
        auth,
        contract: {
          summary: 'Create a campaign (INATIVA, or PROGRAMADA with a schedule)',
          body: CreateCampaignRequest,
          response: CampaignView,
          status: 201,
          errors: READINESS,
        },
      },
    },
    async (request, reply) => {
      const fields = request.body;
      const id = await createCampaign(ctx, { ...who(request), userId: request.principal.userId, details: campaignDetails(fields, null), lookup });
      return reply.status(201).send(await companyCampaign(ctx, request, id));
    },
  );

  app.put(
    '/campaigns/:id',
    {
      config: {
        auth,
        contract: {
          summary: 'Change a campaign (while INATIVA, or PROGRAMADA more than an hour ahead)',
          params: IdParam,
          body: UpdateCampaignRequest,
          response: CampaignView,
          errors: [...NOT_FOUND, 'ERR_CAMPAIGN_NOT_EDITABLE', ...READINESS],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const fields = request.body;
      const current = await companyCampaign(ctx, request, id);
      const media = current.mediaPath ? ((await ctx.media.describe(request.principal.companyId, current.mediaPath)) ?? recorded(current)) : null;
      await changeCampaign(ctx, { ...who(request), id, details: campaignDetails(fields, media), lookup });
      return companyCampaign(ctx, request, id);
    },
  );

  app.delete(
    '/campaigns/:id',
    { config: { auth, contract: { summary: 'Delete a campaign (a running one stops)', params: IdParam, response: Deleted, errors: NOT_FOUND } } },
    async (request) => {
      const { id } = request.params;
      await companyCampaign(ctx, request, id);
      await deleteCampaign(ctx, { ...who(request), id });
      return { message: 'Campaign deleted' };
    },
  );

  app.post(
    '/campaigns/:id/cancel',
    {
      config: {
        auth,
        contract: {
          summary: 'Stop a campaign in progress (CANCELADA)',
          params: IdParam,
          response: CampaignView,
          errors: [...NOT_FOUND, 'ERR_CAMPAIGN_NOT_RUNNING'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await companyCampaign(ctx, request, id);
      await cancelCampaign(ctx, { ...who(request), id });
      return companyCampaign(ctx, request, id);
    },
  );

  app.post(
    '/campaigns/:id/restart',
    {
      config: {
        auth,
        contract: {
          summary: 'Resume a cancelled or paused campaign where it stopped',
          params: IdParam,
          response: CampaignView,
          errors: [...NOT_FOUND, 'ERR_CAMPAIGN_NOT_CANCELLED', ...READINESS],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await companyCampaign(ctx, request, id);
      const media = current.mediaPath ? ((await ctx.media.describe(request.principal.companyId, current.mediaPath)) ?? recorded(current)) : null;
      const fields = parse(UpdateCampaignRequest, { ...current, whatsappId: current.whatsappId, scheduledAt: current.scheduledAt });
      await restartCampaign(ctx, { ...who(request), id, details: campaignDetails(fields, media), lookup });
      return companyCampaign(ctx, request, id);
    },
  );

  app.post(
    '/campaigns/:id/media-upload',
    {
      config: {
        auth,
        contract: {
          summary: 'Attach the campaign\'s media (multipart "file")',
          params: IdParam,
          response: CampaignView,
          multipart: true,
          errors: [...NOT_FOUND, 'ERR_CAMPAIGN_NOT_EDITABLE', 'ERR_MEDIA_TOO_LARGE', 'ERR_MEDIA_TYPE_NOT_ALLOWED'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyId } = request.principal;
      await companyCampaign(ctx, request, id);
      if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
      let stored: StoredMedia | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || stored) throw new DomainError('ERR_VALIDATION', 'Send one file, in the field "file"');
          stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
        }
        if (!stored) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
        await setCampaignMedia(ctx, { ...who(request), id, media: stored });
      } catch (error) {
        if (stored) await ctx.media.remove(companyId, stored.url);
        throw error;
      }
      return companyCampaign(ctx, request, id);
    },
  );

  app.delete(
    '/campaigns/:id/media-upload',
    {
      config: {
        auth,
        contract: { summary: "Remove the campaign's media", params: IdParam, response: CampaignView, errors: [...NOT_FOUND, 'ERR_CAMPAIGN_NOT_EDITABLE'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      const current = await companyCampaign(ctx, request, id);
      await setCampaignMedia(ctx, { ...who(request), id, media: null });
      if (current.mediaPath) await ctx.media.remove(request.principal.companyId, current.mediaPath);
      return companyCampaign(ctx, request, id);
    },
  );

  app.get(
    '/campaign-settings',
    { config: { auth: settingsAuth, contract: { summary: "The company's campaign settings (defaults until saved)", response: CampaignSettingsView } } },
    async (request) => findCampaignSettings(ctx.db, request.principal.companyId),
  );

  app.post(
    '/campaign-settings',
    {
      config: {
        auth: settingsAuth,
        contract: {
          summary: "Save the company's campaign settings",
          body: CampaignSettingsRequest,
          response: CampaignSettingsView,
          errors: ['ERR_CAMPAIGN_VARIABLE_DUPLICATED'],
        },
      },
    },
    async (request) => {
      const body = request.body;
      const current = await findCampaignSettings(ctx.db, request.principal.companyId);
      await saveCampaignSettings(ctx, {
        ...who(request),
        values: {
          ...current,
          ...body,
          optOutWords: body.optOutWords ?? current.optOutWords,
          sendWindow: body.sendWindow === undefined ? current.sendWindow : body.sendWindow,
        },
      });
      return findCampaignSettings(ctx.db, request.principal.companyId);
    },
  );
}
