import { DomainError, RecordIdParam, safeText } from '@conversa/contracts';
import { mediaUrl } from '@conversa/media';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';

const MediaParams = z.object({ companyId: RecordIdParam, file: safeText().min(1).max(100) });

/** Types a browser may show in place; anything else is offered as a download. */
const inline = (mime: string) => /^(image|video|audio)\//.test(mime) || mime === 'application/pdf' || mime.startsWith('text/');

/** `filename*` (RFC 6266/5987) carries any uploaded name safely; `filename` is its ASCII fallback. */
function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Message files, for logged-in users of the company that owns them. Another company's file, a
 * malformed name and a missing file all answer the same 404, so nothing tells them apart.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/media/:companyId/:file', async (request, reply) => {
    const { companyId, file } = parse(MediaParams, request.params);
    const opened = companyId === request.principal.companyId ? await ctx.media.open(companyId, mediaUrl(companyId, file)) : undefined;
    if (!opened) throw new DomainError('ERR_NOT_FOUND');
    return reply
      .header('content-type', opened.mime.startsWith('text/') ? `${opened.mime}; charset=utf-8` : opened.mime)
      .header('content-length', opened.size)
      .header('content-disposition', contentDisposition(inline(opened.mime) ? 'inline' : 'attachment', opened.name))
      // Stored files are never changed (a new upload gets a new name), but they are private to the company.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(opened.stream);
  });
}
