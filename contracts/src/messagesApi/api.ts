import { z } from 'zod';
import { RecordId, RecordIdParam, safeText } from '../common/bounds';

/** The phone number as the API takes it: no mask, country code, area code and number (spec 2 §5). */
export const ApiPhoneNumber = safeText().regex(/^\d{8,20}$/, 'number: digits only: country code, area code and number');

/** true / false, as JSON gives them or as multipart form fields spell them. */
const FlagField = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((value) => value === true || value === 'true' || value === '1');
/** An id from JSON (a number) or a form field (text); '' is no id. */
const OptionalIdField = z.preprocess((value) => (value === '' || value === null ? undefined : value), RecordIdParam.optional());

/**
 * POST /api/messages/send (JSON): a text message to `number` through the connection whose token is the
 * Bearer. `userId` writes it as that attendant (and signs it with `sendSignature`); `queueId` puts a new
 * ticket in that queue.
 */
export const SendApiMessageRequest = z
  .object({
    number: ApiPhoneNumber,
    body: safeText().trim().min(1, 'body: required for a text message').max(4096),
    userId: OptionalIdField,
    queueId: OptionalIdField,
    sendSignature: FlagField.optional(),
  })
  .strict();
export type SendApiMessageRequest = z.input<typeof SendApiMessageRequest>;

/** POST /api/messages/send (multipart): the fields beside the `medias` files; `body` is each file's caption. */
export const SendApiMediaFields = SendApiMessageRequest.extend({ body: safeText().max(4096).optional() });

/** POST /api/messages/send as multipart/form-data: the fields and one or more `medias` files (one message each). */
export const SendApiMediaForm = SendApiMediaFields.extend({ medias: z.array(z.file()).min(1).max(10) });

export const SendApiMessageResponse = z.object({
  mensagem: safeText(),
  contactId: RecordId,
  ticketId: RecordId,
  messageIds: z.array(safeText()),
});
export type SendApiMessageResponse = z.infer<typeof SendApiMessageResponse>;

/** Requests a token may make per window before 429 (overridable by MESSAGES_API_RATE_LIMIT / _WINDOW_MS). */
export const MESSAGES_API_RATE = { limit: 60, windowMs: 60_000 } as const;
/** The longest Idempotency-Key accepted (RFC draft "The Idempotency-Key HTTP Header Field": an opaque string). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** POST /api/messages/send's optional header: a retry with the same key (and body) sends nothing again and answers the first result. */
export const IdempotencyHeaders = z.object({ 'Idempotency-Key': safeText().min(1).max(IDEMPOTENCY_KEY_MAX).optional() });
