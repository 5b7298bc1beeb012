import { DomainError, type StoredMedia } from '@conversa/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodType, z } from 'zod';
import type { ApiContext } from '../context';

/**
 * Attaches the one file of a multipart form (`file` part `field`, text fields `fields`): the file streams
 * into the caller's company's media store as it comes, the fields are parsed, then `attach` runs. A form
 * without the file, another file field, fields the schema refuses or a refusal of `attach` leave nothing stored.
 */
export async function withUpload<S extends ZodType, T>(
  ctx: ApiContext,
  request: FastifyRequest,
  form: { field: string; fields: S },
  attach: (stored: StoredMedia, fields: z.output<S>) => Promise<T>,
): Promise<T> {
  const required = () => new DomainError('ERR_VALIDATION', `${form.field}: Obrigatório`);
  if (!request.isMultipart()) throw required();
  const { companyId } = request.principal;
  let stored: StoredMedia | undefined;
  try {
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== form.field) throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
        stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
      } else fields[part.fieldname] = String(part.value);
    }
    const parsed = form.fields.parse(fields);
    if (!stored) throw required();
    return await attach(stored, parsed);
  } catch (error) {
    if (stored) await ctx.media.remove(companyId, stored.url);
    throw error;
  }
}

/**
 * The one file of a multipart form (field `file`), whole in memory (a spreadsheet, bounded by the form's
 * file size limit), or the reason it is refused: none, another field or a second file, too large (`tooLarge` says by how much).
 */
export async function wholeUpload(request: FastifyRequest, tooLarge?: string): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
  let file: { fileName: string; data: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || file) throw new DomainError('ERR_VALIDATION', 'Send one file, in the field "file"');
    try {
      file = { fileName: part.filename, data: await part.toBuffer() };
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('ERR_MEDIA_TOO_LARGE', tooLarge);
      throw error;
    }
  }
  if (!file) throw new DomainError('ERR_VALIDATION', 'file: Obrigatório');
  return file;
}
