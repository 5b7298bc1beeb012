import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACTS_EXPORT_FILE,
  CONTACTS_EXPORT_SHEET,
  ContactImportIdParams,
  ContactImportStatus,
  ContactImportRow,
  DomainError,
  ExportContactsQuery,
  maskContact,
  maskNumber,
  safeCells,
  ContactImportRowAnswer,
} from '@conversa/contracts';
import { importContactRow, requestContactImport } from '@conversa/core';
import { findContactImport } from '@conversa/projections/contactImports/queries';
import { contactsAfter, findContact } from '@conversa/projections/contacts/queries';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { userActor, type ApiContext } from '../context';
import { wholeUpload } from '../http/uploads';
import { checkSpreadsheet, oneImportAtATime, spreadsheetMime } from './spreadsheet';

/** Contacts read per query while the export streams. */
const EXPORT_BATCH = 1_000;

async function importStatus(ctx: ApiContext, companyId: number, importId: string) {
  const status = await findContactImport(ctx.db, companyId, importId);
  if (!status) throw new DomainError('ERR_NO_CONTACT_IMPORT_FOUND');
  return status;
}

/** Contacts in and out of spreadsheets: import (whole file or row by row, with progress) and the .xlsx export. */
export async function contactSpreadsheetRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  // Only the file's kind and (for an .xlsx) its archive directory are checked here, in milliseconds: a
  // bomb is refused at once. The contact-import worker (automation role) parses the kept file, off the
  // request, and writes its rows; a file it refuses whole ends the import with the code (status.error).
  app.post(
    '/contacts/upload',
    {
      config: {
        contract: {
          summary: 'Import contacts from a spreadsheet (.xlsx, .xls, .csv): recorded and worked through by the contact-import worker',
          multipart: true,
          response: ContactImportStatus,
          status: 202,
          errors: [
            'ERR_CONTACT_IMPORT_FILE_INVALID',
            'ERR_SPREADSHEET_TOO_LARGE_UNPACKED',
            'ERR_MEDIA_TYPE_NOT_ALLOWED',
            'ERR_MULTIPART_INVALID',
            'ERR_MEDIA_TOO_LARGE',
            'ERR_CONTACT_IMPORT_IN_PROGRESS',
          ],
        },
      },
    },
    async (request, reply) => {
      const { companyId, userId } = request.principal;
      await oneImportAtATime(ctx, companyId);
      const { fileName, data } = await wholeUpload(request, `The spreadsheet is larger than ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      const kind = await checkSpreadsheet(fileName, data);
      const kept = await ctx.media.save({ companyId, data, declaredMime: spreadsheetMime[kind], originalName: fileName.slice(0, 200) });
      const importId = randomUUID();
      const position = await requestContactImport(ctx, { companyId, actor: userActor(userId), importId, fileName: fileName.slice(0, 200), fileUrl: kept.url });
      await ctx.waitForProjections(position, { readModels: ['contactImports'] });
      return reply.status(202).send(await importStatus(ctx, companyId, importId));
    },
  );

  app.get(
    '/contacts/import/:importId',
    {
      config: {
        contract: {
          summary: "A contact import's progress and refused rows",
          params: ContactImportIdParams,
          response: ContactImportStatus,
          errors: ['ERR_NO_CONTACT_IMPORT_FOUND'],
        },
      },
    },
    async (request) => {
      const { importId } = request.params;
      const found = await importStatus(ctx, request.principal.companyId, importId);
      // A viewer shown numbers masked (LGPD hide-number) sees the refused rows' numbers masked too.
      const status = request.principal.numbersHidden
        ? { ...found, refusals: found.refusals.map((refusal) => ({ ...refusal, number: maskNumber(refusal.number) })) }
        : found;
      // Done means the list shows every imported contact: the contacts read model may trail the imports' own.
      if (status.state === 'done') await ctx.waitForProjections(await ctx.store.headPosition(), { readModels: ['contacts'] });
      return status;
    },
  );

  // Row by row: what a client that reads the spreadsheet itself sends, one contact a call.
  app.post(
    '/contactsImport',
    {
      config: {
        contract: {
          summary: 'Row by row: what a client that reads the spreadsheet itself sends, one contact a call.',
          body: ContactImportRow,
          status: 201,
          alsoStatus: [200, 422],
          response: ContactImportRowAnswer,
        },
      },
    },
    async (request, reply) => {
      const row = request.body;
      const { principal } = request;
      const { position, ...result } = await importContactRow(ctx, { companyId: principal.companyId, actor: userActor(principal.userId) }, row);
      await ctx.waitForProjections(position, { readModels: ['contacts'] });
      const contact = result.contactId === undefined ? null : ((await findContact(ctx.db, principal.companyId, result.contactId)) ?? null);
      return reply.status(result.outcome === 'created' ? 201 : result.outcome === 'updated' ? 200 : 422).send({ ...result, contact });
    },
  );

  app.get(
    '/contacts/export',
    {
      config: {
        contract: {
          summary: 'The contacts as an .xlsx sheet',
          query: ExportContactsQuery,
          produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      },
    },
    async (request, reply) => {
      const filters = request.query;
      const { companyId } = request.principal;
      const masked = request.principal.numbersHidden;
      const out = new PassThrough();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = workbook.addWorksheet(CONTACTS_EXPORT_SHEET);
      sheet.columns = [
        { header: 'nome', key: 'name', width: 30 },
        { header: 'numero', key: 'number', width: 18 },
        { header: 'email', key: 'email', width: 30 },
        { header: 'canal', key: 'channel', width: 12 },
        { header: 'bloqueado', key: 'blocked', width: 10 },
        { header: 'tags', key: 'tags', width: 30 },
      ];
      // Written while the answer streams: a company of a million contacts never sits in memory.
      void (async () => {
        let afterId = 0;
        for (;;) {
          const batch = await contactsAfter(ctx.db, companyId, afterId, EXPORT_BATCH, { ...filters, searchNumbers: !masked });
          for (const stored of batch) {
            // Masked as every answer masks a contact: the number, and a name that is only the number.
            const contact = masked ? maskContact(stored) : stored;
            const row = {
              name: contact.name,
              number: contact.number,
              email: contact.email,
              channel: contact.channel,
              blocked: contact.active ? 'não' : 'sim',
              tags: contact.tags.map((tag) => tag.name).join(', '),
            };
            sheet.addRow(safeCells(row)).commit();
          }
          if (batch.length < EXPORT_BATCH) break;
          afterId = batch[batch.length - 1]!.id;
        }
        sheet.commit();
        await workbook.commit();
      })().catch((error: unknown) => out.destroy(error as Error));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${CONTACTS_EXPORT_FILE}"`)
        .send(out);
    },
  );
}
