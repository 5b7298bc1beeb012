import {
  CampaignPage,
  CampaignSettingsRequest,
  CampaignSettingsView,
  CampaignView,
  CreateCampaignRequest,
  DomainError,
  ListCampaignsQuery,
  UpdateCampaignRequest,
  type ErrorCode,
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
import type { ApiContext } from '../context';
import { parse } from '../http/errors';
import { actingAs, IdParam, recordRoutes } from '../http/records';
import { campaignLookup } from './lookup';

/** Campaigns, their report and settings need the plan flag useCampaigns. */
const auth = { area: 'campaigns' as const, plan: 'useCampaigns' as const };
const settingsAuth = { area: 'campaignSettings' as const, plan: 'useCampaigns' as const };
const READINESS: ErrorCode[] = [
  'ERR_NO_CONTACT_LIST_FOUND',
  'ERR_NO_WAPP_FOUND',
  'ERR_NO_FILE_LIST_FOUND',
  'ERR_CAMPAIGN_LIST_EMPTY',
  'ERR_CAMPAIGN_CONNECTION_GONE',
  'ERR_CAMPAIGN_MEDIA_MISSING',
  'ERR_CAMPAIGN_NO_MESSAGE',
];

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
  /** The media a campaign keeps when its details are recorded again: the store's description, else what the read model holds. */
  const keptMedia = async (request: FastifyRequest, current: CampaignView) =>
    current.mediaPath ? ((await ctx.media.describe(request.principal.companyId, current.mediaPath)) ?? recorded(current)) : null;

  const companyCampaign = recordRoutes(app, {
    path: '/campaigns',
    view: CampaignView,
    notFound: 'ERR_NO_CAMPAIGN_FOUND',
    find: (request, id) => findCampaign(ctx.db, request.principal.companyId, id),
    auth,
    list: {
      summary: 'A page of campaigns, newest first',
      query: ListCampaignsQuery,
      response: CampaignPage,
      slash: true,
      run: (query, request) => listCampaigns(ctx.db, request.principal.companyId, query),
    },
    get: { summary: 'One campaign with its report counts' },
    create: {
      summary: 'Create a campaign (INATIVA, or PROGRAMADA with a schedule)',
      body: CreateCampaignRequest,
      errors: READINESS,
      run: (fields, request) => createCampaign(ctx, { ...actingAs(request), userId: request.principal.userId, details: campaignDetails(fields, null), lookup }),
    },
    change: {
      summary: 'Change a campaign (while INATIVA, or PROGRAMADA more than an hour ahead)',
      body: UpdateCampaignRequest,
      errors: ['ERR_CAMPAIGN_NOT_EDITABLE', ...READINESS],
      run: async ({ id, changes, current }, request) =>
        changeCampaign(ctx, { ...actingAs(request), id, details: campaignDetails(changes, await keptMedia(request, current)), lookup }),
    },
    delete: {
      summary: 'Delete a campaign (a running one stops)',
      async run({ id }, request) {
        await deleteCampaign(ctx, { ...actingAs(request), id });
        return { message: 'Campaign deleted' };
      },
    },
    actions: [
      {
        name: 'cancel',
        summary: 'Stop a campaign in progress (CANCELADA)',
        errors: ['ERR_CAMPAIGN_NOT_RUNNING'],
        run: ({ id }, request) => cancelCampaign(ctx, { ...actingAs(request), id }),
      },
      {
        name: 'restart',
        summary: 'Resume a cancelled or paused campaign where it stopped',
        errors: ['ERR_CAMPAIGN_NOT_CANCELLED', ...READINESS],
        async run({ id, current }, request) {
          const fields = parse(UpdateCampaignRequest, { ...current, whatsappId: current.whatsappId, scheduledAt: current.scheduledAt });
          await restartCampaign(ctx, { ...actingAs(request), id, details: campaignDetails(fields, await keptMedia(request, current)), lookup });
        },
      },
      {
        name: 'media-upload',
        method: 'DELETE',
        summary: "Remove the campaign's media",
        errors: ['ERR_CAMPAIGN_NOT_EDITABLE'],
        async run({ id, current }, request) {
          await setCampaignMedia(ctx, { ...actingAs(request), id, media: null });
          if (current.mediaPath) await ctx.media.remove(request.principal.companyId, current.mediaPath);
        },
      },
    ],
  });

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
          errors: ['ERR_NO_CAMPAIGN_FOUND', 'ERR_CAMPAIGN_NOT_EDITABLE', 'ERR_MEDIA_TOO_LARGE', 'ERR_MEDIA_TYPE_NOT_ALLOWED'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { companyId } = request.principal;
      await companyCampaign(request, id);
      if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
      let stored: StoredMedia | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || stored) throw new DomainError('ERR_VALIDATION', 'Send one file, in the field "file"');
          stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
        }
        if (!stored) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
        await setCampaignMedia(ctx, { ...actingAs(request), id, media: stored });
      } catch (error) {
        if (stored) await ctx.media.remove(companyId, stored.url);
        throw error;
      }
      return companyCampaign(request, id);
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
        ...actingAs(request),
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
