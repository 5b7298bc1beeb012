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
