import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, safeText } from '../common/bounds';

const resetId = z.uuid();
const hash = safeText().regex(/^[0-9a-f]{64}$/);

/** A reset code lives this long (the user types it from the phone, then the new password). */
export const RESET_CODE_TTL_MINUTES = 10;
/** Wrong codes a reset survives: the third kills it ('Tentativas excedidas'). */
export const RESET_MAX_ATTEMPTS = 3;

/**
 * A reset asked for a number. `userId` null: no user has that number — recorded all the same, so the answer and
 * its timing do not tell; nothing is sent and no code can match. `codeHash`: HMAC of the code with the server's
 * secret (the code itself is never stored).
 */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({ resetId, userId: RecordId.nullable(), number: safeText().regex(/^\d{8,15}$/), codeHash: hash, expiresAt: z.iso.datetime() }),
);
/** The sender reactor's outcome: the code went out on this connection, or could not. */
export const PasswordResetCodeSent = defineEvent('PasswordResetCodeSent', z.object({ resetId, whatsappId: RecordId }));
export const PasswordResetCodeSendFailed = defineEvent('PasswordResetCodeSendFailed', z.object({ resetId, reason: safeText().max(500) }));
export const PasswordResetCodeRejected = defineEvent(
  'PasswordResetCodeRejected',
  z.object({ resetId, attempts: z.number().int().min(1).max(RESET_MAX_ATTEMPTS) }),
);
export const PasswordResetCodeVerified = defineEvent('PasswordResetCodeVerified', z.object({ resetId }));
/** Dead: too many wrong codes. */
export const PasswordResetLocked = defineEvent('PasswordResetLocked', z.object({ resetId }));
/** The new password was saved with this reset: it cannot be used again. */
export const PasswordResetCompleted = defineEvent('PasswordResetCompleted', z.object({ resetId, userId: RecordId }));

export const passwordResetEvents = [
  PasswordResetRequested,
  PasswordResetCodeSent,
  PasswordResetCodeSendFailed,
  PasswordResetCodeRejected,
  PasswordResetCodeVerified,
  PasswordResetLocked,
  PasswordResetCompleted,
];

export type PasswordResetEvent = EventUnion<typeof passwordResetEvents>;

export const passwordResetStream = (resetId: string) => `passwordreset-${resetId}`;
