import { z } from 'zod';
import { defineEvent, type EventUnion } from '../events/registry';
import { RecordId, safeText } from '../common/bounds';

/**
 * A request to the external messages API carrying an Idempotency-Key was carried out: what it sent, so a
 * retry with the same key answers the same result instead of sending again. `requestHash` tells a retry from
 * another request reusing the key.
 */
export const ApiMessageSendRecorded = defineEvent(
  'ApiMessageSendRecorded',
  z.object({
    connectionId: RecordId,
    requestHash: safeText().max(100),
    contactId: RecordId,
    ticketId: RecordId,
    messageIds: z.array(safeText().max(100)).max(20),
  }),
);

export const messagesApiEvents = [ApiMessageSendRecorded];
export type MessagesApiEvent = EventUnion<typeof messagesApiEvents>;

/** Guard: one stream per (company, key hash); its first append wins, so one key sends once. */
export const apiIdempotencyStream = (companyId: number, keyHash: string) => `apiidempotency-${companyId}-${keyHash}`;
