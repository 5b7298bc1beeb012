import {
  DomainError,
  normaliseResetNumber,
  RequestResetAnswer,
  RequestResetBody,
  RESET_MESSAGES,
  UpdateResetPasswordBody,
  VerifyResetParams,
  VerifyResetQuery,
} from '@conversa/contracts';
import { completePasswordReset, requestPasswordReset, verifyPasswordResetCode, type PasswordResetContext, type ResetUserLookup } from '@conversa/core';
import { usersWithPhones } from '@conversa/projections/users/queries';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ApiContext } from '../context';
import { LimitExceeded } from '../session/limiter';
import { createResetLimiter } from './limiter';

const Answer = z.object({ message: z.string() });

/** Users are matched on their phone as saved (digits), with or without Brazil's 55. */
function userLookup(ctx: ApiContext): ResetUserLookup {
  return {
    async userOfNumber(number) {
      const national = number.startsWith('55') ? number.slice(2) : number;
      const found = (await usersWithPhones(ctx.db, [number, national])).find((user) => normaliseResetNumber(user.phone) === number);
      return found ? { userId: found.id, companyId: found.companyId } : null;
    },
  };
}

async function limited(reply: FastifyReply, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof LimitExceeded) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      throw new DomainError('ERR_TOO_MANY_REQUESTS');
    }
    throw error;
  }
}

/**
 * Password reset (public): a code to the user's WhatsApp number, checked, then the new password. The answers
 * never tell whether a number is a user's; the code is sent by the password-reset-sender reactor.
 */
export async function passwordResetRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const limiter = createResetLimiter(ctx.limits);
  const resets: PasswordResetContext = ctx;

  app.post(
    '/api/enviar-email',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'Asks for a reset code for a WhatsApp number (same answer for any number)',
          body: RequestResetBody,
          response: RequestResetAnswer,
          errors: ['ERR_TOO_MANY_REQUESTS'],
        },
      },
    },
    async (request, reply) => {
      const number = request.body;
      await limited(reply, () => limiter.request(number, request.ip));
      const resetId = await requestPasswordReset(resets, { number, lookup: userLookup(ctx) });
      return { resetId, message: RESET_MESSAGES.sent };
    },
  );

  app.get(
    '/api/verificar-code/:number',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'Checks a reset code',
          params: VerifyResetParams,
          query: VerifyResetQuery,
          response: Answer,
          errors: ['ERR_RESET_CODE_INCORRECT', 'ERR_RESET_ATTEMPTS_EXCEEDED', 'ERR_RESET_CODE_INVALID', 'ERR_TOO_MANY_REQUESTS'],
        },
      },
    },
    async (request, reply) => {
      const { number } = request.params;
      const { code, resetId } = request.query;
      await limited(reply, () => limiter.check(request.ip));
      await verifyPasswordResetCode(resets, { resetId, number, code });
      return { message: 'OK' };
    },
  );

  app.put(
    '/api/atualizar-senha',
    {
      config: {
        auth: 'public',
        contract: {
          summary: 'Saves the new password with a verified reset code; ends every session',
          body: UpdateResetPasswordBody,
          response: Answer,
          errors: ['ERR_RESET_CODE_INVALID', 'ERR_TOO_MANY_REQUESTS'],
        },
      },
    },
    async (request, reply) => {
      const { resetId, newPassword } = request.body;
      await limited(reply, () => limiter.check(request.ip));
      await completePasswordReset(resets, { resetId, newPassword });
      return { message: RESET_MESSAGES.saved };
    },
  );
}
