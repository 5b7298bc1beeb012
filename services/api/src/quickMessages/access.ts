import { DomainError, mayWrite, type QuickMessageView } from '@conversa/contracts';
import type { QuickMessageEditor, QuickMessageFiles } from '@conversa/core';
import { findQuickMessage } from '@conversa/projections/quickMessages/queries';
import type { FastifyRequest } from 'fastify';
import type { ApiContext } from '../context';
import type { Principal } from '../http/auth';

/** The role table's generalQuickMessages row (admins, supervisors) manages every quick message and the general flag. */
export const quickMessageEditor = (principal: Principal): QuickMessageEditor => ({
  userId: principal.userId,
  managesAll: mayWrite(principal.user, 'generalQuickMessages'),
});

/** The quick message if the caller may see it: another company's, or another user's private one, is not found. */
export async function visibleQuickMessage(ctx: ApiContext, request: FastifyRequest, id: number): Promise<QuickMessageView> {
  const found = await findQuickMessage(ctx.db, request.principal.companyId, id, quickMessageEditor(request.principal));
  if (!found) throw new DomainError('ERR_NO_QUICKMESSAGE_FOUND');
  return found;
}

/**
 * Deletes a file the quick message no longer names. The event is already recorded, so a failure
 * here leaves an orphan file (logged), never a quick message pointing at nothing.
 */
export function quickMessageFiles(ctx: ApiContext, request: FastifyRequest): QuickMessageFiles {
  return {
    async remove(url) {
      try {
        await ctx.media.remove(request.principal.companyId, url);
      } catch (error) {
        request.log.warn({ err: error, url }, 'could not remove a quick message file');
      }
    },
  };
}
