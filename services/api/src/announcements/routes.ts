import {
  AnnouncementIdParams,
  AnnouncementPage,
  AnnouncementUploadFields,
  AnnouncementView,
  CreateAnnouncementRequest,
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
import type { ApiContext } from '../context';
import { actingAs, recordRoutes } from '../http/records';
import { withUpload } from '../http/uploads';
import type { RouteAuth } from '../http/auth';

/** Managing announcements is the super user's; reading them is everyone's, overdue companies included (billing notices). */
const superOnly: RouteAuth = { area: 'announcements', allowExpired: true };
const anyone: RouteAuth = { allowExpired: true };

const readerOf = (request: FastifyRequest) => ({ userId: request.principal.userId, super: request.principal.super });

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

  const visible = recordRoutes(app, {
    path: '/announcements',
    params: AnnouncementIdParams,
    view: AnnouncementView,
    notFound: 'ERR_NO_ANNOUNCEMENT_FOUND',
    find: (request, id) => findAnnouncement(ctx.db, id, readerOf(request)),
    auth: superOnly,
    readAuth: anyone,
    list: {
      summary: "The super user: every announcement; others: the active ones by priority, with the caller's read marks",
      query: ListAnnouncementsQuery,
      response: AnnouncementPage,
      run: (query, request) => listAnnouncements(ctx.db, readerOf(request), query),
    },
    get: { summary: 'One announcement' },
    create: {
      summary: 'Creates an announcement',
      body: CreateAnnouncementRequest,
      status: 200,
      run: (details, request) => createAnnouncement(ctx, { ...actingAs(request), details }),
    },
    change: {
      summary: 'Changes an announcement',
      body: UpdateAnnouncementRequest,
      run: ({ id, changes }, request) => changeAnnouncement(ctx, { ...actingAs(request), id, changes }),
    },
    delete: {
      summary: 'Deletes an announcement',
      async run({ id }, request) {
        await removeFile(ctx, request, await deleteAnnouncement(ctx, { ...actingAs(request), id }));
        return { message: 'Announcement deleted' };
      },
    },
    actions: [
      {
        name: 'media-upload',
        method: 'DELETE',
        summary: "Removes the announcement's image",
        run: async ({ id }, request) => removeFile(ctx, request, await removeAnnouncementMedia(ctx, { ...actingAs(request), id })),
      },
      {
        name: 'read',
        auth: anyone,
        summary: 'The caller has seen an active announcement',
        run: ({ id }, request) => markAnnouncementRead(ctx, { ...actingAs(request), id, userId: request.principal.userId }),
      },
    ],
  });

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
      await visible(request, id);
      await withUpload(ctx, request, { field: 'file', fields: AnnouncementUploadFields }, async (stored) => {
        const replaced = await attachAnnouncementMedia(ctx, { ...actingAs(request), id, media: stored });
        await removeFile(ctx, request, replaced);
      });
      return visible(request, id);
    },
  );
}
