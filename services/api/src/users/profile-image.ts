import { DomainError, UserMediaUploadFields, type StoredMedia } from '@conversa/contracts';
import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import { parse } from '../http/errors';

/** A profile picture is small; the media store's own limit is for message files (videos, documents). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Stores the multipart `profileImage` file of POST /users/{id}/media-upload in the media store.
 * Only images are kept (the store sniffs the bytes; the declared type is not trusted); anything else,
 * or a picture over PROFILE_IMAGE_MAX_BYTES, is removed again and refused.
 */
export async function saveProfileImage(ctx: ApiContext, request: FastifyRequest, target: { id: number; companyId: number }): Promise<StoredMedia> {
  if (!request.isMultipart()) throw new DomainError('ERR_VALIDATION', 'profileImage: Required');
  const companyId = target.companyId;
  let stored: StoredMedia | undefined;
  try {
    const fields: Record<string, string> = {};
    for await (const part of request.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES + 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'profileImage') throw new DomainError('ERR_VALIDATION', `Unexpected file field ${part.fieldname}`);
        if (stored) throw new DomainError('ERR_VALIDATION', 'profileImage: one file only');
        stored = await ctx.media.save({ companyId, data: part.file, declaredMime: part.mimetype, originalName: part.filename });
        if (part.file.truncated || stored.size > PROFILE_IMAGE_MAX_BYTES)
          throw new DomainError('ERR_MEDIA_TOO_LARGE', undefined, { maxBytes: PROFILE_IMAGE_MAX_BYTES });
        if (!stored.mime.startsWith('image/')) throw new DomainError('ERR_MEDIA_TYPE_NOT_ALLOWED', undefined, { mime: stored.mime });
      } else fields[part.fieldname] = String(part.value);
    }
    const { userId } = parse(UserMediaUploadFields, fields);
    if (userId !== undefined && userId !== target.id) throw new DomainError('ERR_VALIDATION', 'userId: does not match the user of the path');
    if (!stored) throw new DomainError('ERR_VALIDATION', 'profileImage: Required');
    return stored;
  } catch (error) {
    if (stored) await ctx.media.remove(companyId, stored.url);
    throw error;
  }
}
