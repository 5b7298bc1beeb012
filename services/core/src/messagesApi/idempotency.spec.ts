import type { MessagesApiEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { apiIdempotency } from './idempotency';

const result = { connectionId: 3, requestHash: 'h1', contactId: 4, ticketId: 5, messageIds: ['m1'] };
const recorded: MessagesApiEvent = { type: 'ApiMessageSendRecorded', data: result };

describe('messages API idempotency guard', () => {
  it('records the first result of a key', () => {
    spec(apiIdempotency).given([]).when({ type: 'RecordApiSend', result }).then([recorded]);
  });
  it('records nothing for the same request again', () => {
    spec(apiIdempotency)
      .given([recorded])
      .when({ type: 'RecordApiSend', result: { ...result, messageIds: ['m2'] } })
      .then([]);
  });
  it('refuses another request under the same key', () => {
    spec(apiIdempotency)
      .given([recorded])
      .when({ type: 'RecordApiSend', result: { ...result, requestHash: 'h2' } })
      .thenThrows('ERR_IDEMPOTENCY_KEY_REUSED');
  });
});
