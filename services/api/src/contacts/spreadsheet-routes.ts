import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACTS_EXPORT_FILE,
  CONTACTS_EXPORT_SHEET,
  ContactImportIdParams,
  ContactImportRow,
  DomainError,
  ExportContactsQuery,
  maskContact,
} from '@conversa/contracts';
import { importContactRow } from '@conversa/core';
import { contactsAfter, findContact } from '@conversa/projections/contacts/queries';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PassThrough } from 'node:stream';
import { userActor, type ApiContext } from '../context';
import { parse } from '../http/errors';
import { ContactImports } from './import-jobs';
import { readContactRows } from './spreadsheet';

/** Contacts read per query while the export streams. */
const EXPORT_BATCH = 1_000;

/** The one file of the upload, whole, or the reason it is refused (none, too large). */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
  let file: { fileName: string; data: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || file) throw new DomainError('ERR_VALIDATION', 'Send one file, in the field "file"');
    try {
      file = { fileName: part.filename, data: await part.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('ERR_MEDIA_TOO_LARGE', `The spreadsheet is larger than ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      throw error;
    }
  }
  if (!file) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
  return file;
}

/** Contacts in and out of spreadsheets: import (whole file or row by row, with progress) and the .xlsx export. */
export async function contactSpreadsheetRoutes(app: FastifyInstance, ctx: ApiContext, imports = new ContactImports(ctx)): Promise<void> {
  await app.register(multipart, { limits: { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1_000, parts: 6 } });

  // The file is read and checked whole before the first row is written: a broken file writes nothing.
  app.post('/contacts/upload', { config: { contract: { multipart: true, summary: 'The file is read and checked whole before the first row is written: a broken file writes nothing.' } } }, async (request, reply) => {
    const { fileName, data } = await uploadedFile(request);
    const rows = await readContactRows(fileName, data);
    const { principal } = request;
    const { status } = imports.start({ companyId: principal.companyId, actor: userActor(principal.userId), fileName: fileName.slice(0, 200), rows });
    return reply.status(202).send(status);
  });

  app.get('/contacts/import/:importId', { config: { contract: { params: ContactImportIdParams } } }, async (request) => {
    const { importId } = parse(ContactImportIdParams, request.params);
    return imports.find(request.principal.companyId, importId);
  });

  // Row by row: what a client that reads the spreadsheet itself sends, one contact a call.
  app.post('/contactsImport', { config: { contract: { summary: 'Row by row: what a client that reads the spreadsheet itself sends, one contact a call.', body: ContactImportRow } } }, async (request, reply) => {
    const row = parse(ContactImportRow, request.body);
    const { principal } = request;
    const { position, ...result } = await importContactRow(ctx, { companyId: principal.companyId, actor: userActor(principal.userId) }, row);
    await ctx.waitForProjections(position, { readModels: ['contacts'] });
    const contact = result.contactId === undefined ? null : ((await findContact(ctx.db, principal.companyId, result.contactId)) ?? null);
    return reply.status(result.outcome === 'created' ? 201 : result.outcome === 'updated' ? 200 : 422).send({ ...result, contact });
  });

  app.get('/contacts/export', { config: { contract: { query: ExportContactsQuery } } }, async (request, reply) => {
    const filters = parse(ExportContactsQuery, request.query);
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
          sheet.addRow({ name: contact.name, number: contact.number, email: contact.email, channel: contact.channel, blocked: contact.active ? 'não' : 'sim', tags: contact.tags.map((tag) => tag.name).join(', ') }).commit();
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
  });
}
