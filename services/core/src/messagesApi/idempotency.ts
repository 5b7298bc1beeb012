import { DomainError, type MessagesApiEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

type Recorded = Extract<MessagesApiEvent, { type: 'ApiMessageSendRecorded' }>['data'];
export type ApiIdempotency = { status: 'none' } | { status: 'recorded'; result: Recorded };
export type ApiIdempotencyCommand = { type: 'RecordApiSend'; result: Recorded };

/**
 * The guard of one Idempotency-Key: the first result recorded is the key's answer forever. The same request
 * again records nothing (the caller answers the stored result); another request under the key is refused.
 */
export const apiIdempotency: Decider<ApiIdempotency, ApiIdempotencyCommand, MessagesApiEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: 'recorded', result: event.data }),
  decide(state, command) {
    if (state.status === 'none') return [{ type: 'ApiMessageSendRecorded', data: command.result }];
    if (state.result.requestHash !== command.result.requestHash) throw new DomainError('ERR_IDEMPOTENCY_KEY_REUSED');
    return [];
  },
};
