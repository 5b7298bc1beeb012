import { canSeeTicket, DomainError, seesAllTickets, RecordIdParam, safeText } from '@conversa/contracts';
import { mediaUrl } from '@conversa/media';
import { announcementShowsMedia } from '@conversa/projections/announcements/queries';
import { chatMediaAccess } from '@conversa/projections/chats/queries';
import { ticketsShowingMedia } from '@conversa/projections/messages/queries';
import { quickMessageShowsMedia } from '@conversa/projections/quickMessages/queries';
import { viewerOf } from '@conversa/projections/tickets/queries';
import { isProfileImage } from '@conversa/projections/users/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import type { Principal } from '../http/auth';
import { quickMessageEditor } from '../quickMessages/access';

const MediaParams = z.object({ companyId: RecordIdParam, file: safeText().min(1).max(100) });

/** Types a browser may show in place; anything else is offered as a download. */
const inline = (mime: string) => /^(image|video|audio)\//.test(mime) || mime === 'application/pdf' || mime.startsWith('text/');

/** `filename*` (RFC 6266/5987) carries any uploaded name safely; `filename` is its ASCII fallback. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Whether the caller may open a file of their own company. Who sees every ticket (admins, supervisors)
 * opens any; a user only a file shown to them somewhere: in a message of a ticket they may see (the
 * ticket reads' rule), a quick message they may see, or a colleague's picture. A file no record names
 * any more stays with the managers: a user cannot reach an unlisted file by guessing its name.
 */
async function mayOpen(ctx: ApiContext, principal: Principal, url: string): Promise<boolean> {
  // An internal chat's file is its members' alone (the chat access rule), admins included.
  const chatAccess = await chatMediaAccess(ctx.db, principal.companyId, url, principal.userId);
  if (chatAccess !== null) return chatAccess;
  const viewer = viewerOf(principal);
  if (seesAllTickets(viewer)) return true;
  const tickets = await ticketsShowingMedia(ctx.db, principal.companyId, url);
  if (tickets.some((ticket) => canSeeTicket(viewer, ticket))) return true;
  if (await quickMessageShowsMedia(ctx.db, principal.companyId, url, quickMessageEditor(principal))) return true;
  return isProfileImage(ctx.db, principal.companyId, url);
}

/**
 * Message files, for logged-in users of the company that owns them who may see where the file is
 * shown. Another company's file, a file of a ticket the caller may not see, a malformed name and a
 * missing file all answer the same 404, so nothing tells them apart.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    '/media/:companyId/:file',
    {
      config: {
        contract: { summary: 'A stored file (its own media type)', params: MediaParams, produces: 'application/octet-stream', errors: ['ERR_NOT_FOUND'] },
      },
    },
    async (request, reply) => {
      const { companyId, file } = request.params;
      const url = mediaUrl(companyId, file);
      // An active announcement's image is for every user of every company (the super user stores it under theirs).
      const allowed =
        (companyId === request.principal.companyId && (await mayOpen(ctx, request.principal, url))) || (await announcementShowsMedia(ctx.db, url));
      const opened = allowed ? await ctx.media.open(companyId, url) : undefined;
      if (!opened) throw new DomainError('ERR_NOT_FOUND');
      return (
        reply
          .header('content-type', opened.mime.startsWith('text/') ? `${opened.mime}; charset=utf-8` : opened.mime)
          .header('content-length', opened.size)
          .header('content-disposition', contentDisposition(inline(opened.mime) ? 'inline' : 'attachment', opened.name))
          // Stored files are never changed (a new upload gets a new name), but they are private to the company.
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(opened.stream)
      );
    },
  );
}
