import { DomainError, RESET_MAX_ATTEMPTS, type PasswordResetEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

export type PasswordReset =
  | { status: 'none' }
  | {
      status: 'pending' | 'verified' | 'locked' | 'completed';
      resetId: string;
      userId: number | null;
      number: string;
      codeHash: string;
      expiresAt: string;
      attempts: number;
      sent: boolean;
    };

export type PasswordResetCommand =
  | { type: 'RequestReset'; resetId: string; userId: number | null; number: string; codeHash: string; expiresAt: string }
  | { type: 'RecordCodeSent'; whatsappId: number }
  | { type: 'RecordCodeSendFailed'; reason: string }
  | { type: 'VerifyCode'; codeHash: string }
  | { type: 'CompleteReset' };

const expired = (state: { expiresAt: string }, now: Date) => now.getTime() > Date.parse(state.expiresAt);

/**
 * One password reset's life: requested (a code goes out), verified by the right code, completed once by the new
 * password. It dies after RESET_MAX_ATTEMPTS wrong codes, or on expiry; a reset of a number no user has accepts
 * no code at all.
 */
export const passwordReset: Decider<PasswordReset, PasswordResetCommand, PasswordResetEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'PasswordResetRequested') {
      const { resetId, userId, number, codeHash, expiresAt } = event.data;
      return { status: 'pending', resetId, userId, number, codeHash, expiresAt, attempts: 0, sent: false };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'PasswordResetCodeSent':
      case 'PasswordResetCodeSendFailed':
        return { ...state, sent: true };
      case 'PasswordResetCodeRejected':
        return { ...state, attempts: event.data.attempts };
      case 'PasswordResetCodeVerified':
        return { ...state, status: 'verified' };
      case 'PasswordResetLocked':
        return { ...state, status: 'locked' };
      case 'PasswordResetCompleted':
        return { ...state, status: 'completed' };
    }
  },
  decide(state, command, { now }) {
    if (command.type === 'RequestReset') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Reset already requested');
      const { resetId, userId, number, codeHash, expiresAt } = command;
      return [{ type: 'PasswordResetRequested', data: { resetId, userId, number, codeHash, expiresAt } }];
    }
    if (state.status === 'none') throw new DomainError('ERR_RESET_CODE_INVALID');
    const { resetId } = state;
    switch (command.type) {
      case 'RecordCodeSent':
        return state.sent ? [] : [{ type: 'PasswordResetCodeSent', data: { resetId, whatsappId: command.whatsappId } }];
      case 'RecordCodeSendFailed':
        return state.sent ? [] : [{ type: 'PasswordResetCodeSendFailed', data: { resetId, reason: command.reason.slice(0, 500) } }];
      case 'VerifyCode': {
        if (state.status === 'locked') throw new DomainError('ERR_RESET_ATTEMPTS_EXCEEDED');
        if (state.status === 'completed' || expired(state, now)) throw new DomainError('ERR_RESET_CODE_INVALID');
        const right = state.userId !== null && command.codeHash === state.codeHash;
        if (right) return state.status === 'verified' ? [] : [{ type: 'PasswordResetCodeVerified', data: { resetId } }];
        const attempts = state.attempts + 1;
        const rejected: PasswordResetEvent = { type: 'PasswordResetCodeRejected', data: { resetId, attempts } };
        return attempts >= RESET_MAX_ATTEMPTS ? [rejected, { type: 'PasswordResetLocked', data: { resetId } }] : [rejected];
      }
      case 'CompleteReset':
        if (state.status !== 'verified' || state.userId === null || expired(state, now)) throw new DomainError('ERR_RESET_CODE_INVALID');
        return [{ type: 'PasswordResetCompleted', data: { resetId, userId: state.userId } }];
    }
  },
};
