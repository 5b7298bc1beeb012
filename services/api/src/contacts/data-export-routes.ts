import { DomainError, RecordIdParam } from '@conversa/contracts';
import { contactProfile } from '@conversa/projections/contacts/dataExport';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';
import { contactDataZip } from './data-export';

const IdParam = z.object({ id: RecordIdParam });
/** Longest an export may take: past it the zip is cut (the client sees a broken download, the server frees its reads). */
export const DATA_EXPORT_MAX_MS = 5 * 60_000;

/** LGPD access (art. 18 II): GET /contacts/{id}/data-export, admins only, the contact's data as a zip streamed. */
export async function contactDataExportRoutes(app: FastifyInstance, ctx: ApiContext, options: { maxMs?: number } = {}): Promise<void> {
  app.get(
    '/contacts/:id/data-export',
    {
      config: {
        auth: { area: 'contactDataExport' },
        contract: {
          summary: 'Everything held about a contact (LGPD access): a zip of JSON files and an .xlsx workbook, one per kind',
          params: IdParam,
          produces: 'application/zip',
          errors: ['ERR_NO_CONTACT_FOUND'],
        },
      },
    },
    async (request, reply) => {
      const { id } = parse(IdParam, request.params);
      const { companyId } = request.principal;
      const profile = await contactProfile(ctx.db, companyId, id);
      if (!profile) throw new DomainError('ERR_NO_CONTACT_FOUND');
      const gone = new AbortController();
      // A client that leaves stops the reads; a finished answer has nothing left to stop.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort(new Error('client closed the data export'));
      });
      const signal = AbortSignal.any([gone.signal, AbortSignal.timeout(options.maxMs ?? DATA_EXPORT_MAX_MS)]);
      const zip = contactDataZip({ db: ctx.db, companyId, profile, signal });
      zip.on('error', (error) => request.log.warn({ err: error, contactId: id }, 'data export cut short'));
      return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="contact-${id}-data.zip"`).send(zip);
    },
  );
}
