import {
  AnnouncementIdParams,
  AnnouncementPage,
  AnnouncementUploadFields,
  AnnouncementView,
  CreateAnnouncementRequest,
  DomainError,
  ListAnnouncementsQuery,
  UpdateAnnouncementRequest,
  type StoredMedia,
} from '@conversa/contracts';
import {
  attachAnnouncementMedia,
  changeAnnouncement,
  createAnnouncement,
  deleteAnnouncement,
  markAnnouncementRead,
  removeAnnouncementMedia,
} from '@conversa/core';
import { findAnnouncement, listAnnouncements } from '@conversa/projections/announcements/queries';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import type { RouteAuth } from '../http/auth';
import { parse } from '../http/errors';

/** Managing announcements is the super user's; reading them is everyone's, overdue companies included (billing notices). */
const superOnly: RouteAuth = { area: 'announcements', allowExpired: true };
const anyone: RouteAuth = { allowExpired: true };
const Deleted = z.object({ message: z.string() });

const readerOf = (request: FastifyRequest) => ({ userId: request.principal.userId, super: request.principal.super });

async function visible(ctx: ApiContext, request: FastifyRequest, id: number): Promise<AnnouncementView> {
  const found = await findAnnouncement(ctx.db, id, readerOf(request));
  if (!found) throw new DomainError('ERR_NO_ANNOUNCEMENT_FOUND');
  return found;
}

/** Removes a file no announcement names any more; a failure leaves an orphan file (logged), never a broken record. */
async function removeFile(ctx: ApiContext, request: FastifyRequest, media: StoredMedia | null): Promise<void> {
  if (!media) return;
  try {
    await ctx.media.remove(request.principal.companyId, media.url);
  } catch (error) {
    request.log.warn({ err: error, url: media.url }, 'could not remove an announcement file');
  }
}

/** Announcements: the super user writes them for every user of every company; the popover reads the active ones. */
export async function announcementRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.media.maxBytes + 1, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  app.get(
    '/announcements',
    {
      config: {
        auth: anyone,
        contract: {
          summary: "The super user: every announcement; others: the active ones by priority, with the caller's read marks",
          query: ListAnnouncementsQuery,
          response: AnnouncementPage,
        },
      },
    },
    async (request) => listAnnouncements(ctx.db, readerOf(request), request.query),
  );

  app.get(
    '/announcements/:id',
    {
      config: {
        auth: anyone,
        contract: { summary: 'One announcement', params: AnnouncementIdParams, response: AnnouncementView, errors: ['ERR_NO_ANNOUNCEMENT_FOUND'] },
      },
    },
    async (request) => visible(ctx, request, request.params.id),
  );

  app.post(
    '/announcements',
    { config: { auth: superOnly, contract: { summary: 'Creates an announcement', body: CreateAnnouncementRequest, response: AnnouncementView } } },
    async (request) => {
      const details = request.body;
      const { principal } = request;
      const id = await createAnnouncement(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), details });
      return visible(ctx, request, id);
    },
  );

  app.put(
    '/announcements/:id',
    {
      config: {
        auth: superOnly,
        contract: {
          summary: 'Changes an announcement',
          params: AnnouncementIdParams,
          body: UpdateAnnouncementRequest,
          response: AnnouncementView,
          errors: ['ERR_NO_ANNOUNCEMENT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = request.body;
      const { principal } = request;
      await changeAnnouncement(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, changes });
      return visible(ctx, request, id);
    },
  );

  app.delete(
    '/announcements/:id',
    {
      config: {
        auth: superOnly,
        contract: { summary: 'Deletes an announcement', params: AnnouncementIdParams, response: Deleted, errors: ['ERR_NO_ANNOUNCEMENT_FOUND'] },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const media = await deleteAnnouncement(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
      await removeFile(ctx, request, media);
      return { message: 'Announcement deleted' };
    },
  );

  app.post(
    '/announcements/:id/media-upload',
    {
      config: {
        auth: superOnly,
        contract: {
          summary: 'Attaches an image (png, jpg, jpeg) as multipart `file`',
          params: AnnouncementIdParams,
          body: AnnouncementUploadFields,
          response: AnnouncementView,
          multipart: true,
          errors: ['ERR_NO_ANNOUNCEMENT_FOUND', 'ERR_MEDIA_TOO_LARGE'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await visible(ctx, request, id);
      if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
      let stored: StoredMedia | undefined;
      try {
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
            stored = await ctx.media.save({ companyId: principal.companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
          } else fields[part.fieldname] = String(part.value);
        }
        parse(AnnouncementUploadFields, fields);
        if (!stored) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
        const replaced = await attachAnnouncementMedia(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, media: stored });
        await removeFile(ctx, request, replaced);
      } catch (error) {
        if (stored) await ctx.media.remove(principal.companyId, stored.url);
        throw error;
      }
      return visible(ctx, request, id);
    },
  );

  app.delete(
    '/announcements/:id/media-upload',
    {
      config: {
        auth: superOnly,
        contract: {
          summary: "Removes the announcement's image",
          params: AnnouncementIdParams,
          response: AnnouncementView,
          errors: ['ERR_NO_ANNOUNCEMENT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      const removed = await removeAnnouncementMedia(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id });
      await removeFile(ctx, request, removed);
      return visible(ctx, request, id);
    },
  );

  app.post(
    '/announcements/:id/read',
    {
      config: {
        auth: anyone,
        contract: {
          summary: 'The caller has seen an active announcement',
          params: AnnouncementIdParams,
          response: AnnouncementView,
          errors: ['ERR_NO_ANNOUNCEMENT_FOUND'],
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { principal } = request;
      await visible(ctx, request, id);
      await markAnnouncementRead(ctx, { companyId: principal.companyId, actor: userActor(principal.userId), id, userId: principal.userId });
      return visible(ctx, request, id);
    },
  );
}
