import { DomainError, type SessionEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';

/** Refresh tokens live 7 days from their last use; a racing second tab may still use the previous one for 10 s. */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const ROTATION_GRACE_MS = 10_000;

export type Session =
  | { status: 'none' }
  | {
      status: 'active' | 'revoked';
      sessionId: string;
      userId: number;
      companyId: number;
      currentHash: string;
      previousHash: string | null;
      /** Every hash ever rotated out: presenting one of them again is token theft. */
      retiredHashes: string[];
      lastUsedAt: string;
      revokedFor?: string;
    };

export type SessionCommand =
  | { type: 'StartSession'; sessionId: string; userId: number; companyId: number; tokenHash: string; ip: string; userAgent: string }
  | { type: 'RefreshSession'; presentedHash: string; newHash: string }
  | { type: 'RevokeSession'; reason: 'logout' | 'user-deleted' };

export const session: Decider<Session, SessionCommand, SessionEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'SessionStarted':
        return {
          status: 'active',
          sessionId: event.data.sessionId,
          userId: event.data.userId,
          companyId: event.data.companyId,
          currentHash: event.data.tokenHash,
          previousHash: null,
          retiredHashes: [],
          lastUsedAt: event.data.at,
        };
      case 'SessionRefreshed':
        if (state.status === 'none') return state;
        return {
          ...state,
          previousHash: state.currentHash,
          retiredHashes: [...state.retiredHashes, state.currentHash],
          currentHash: event.data.tokenHash,
          lastUsedAt: event.data.at,
        };
      case 'SessionRevoked':
        if (state.status === 'none') return state;
        return { ...state, status: 'revoked', revokedFor: event.data.reason };
    }
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'StartSession':
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Session already started');
        return [
          {
            type: 'SessionStarted',
            data: {
              sessionId: command.sessionId,
              userId: command.userId,
              companyId: command.companyId,
              tokenHash: command.tokenHash,
              ip: command.ip,
              userAgent: command.userAgent,
              at: now.toISOString(),
            },
          },
        ];
      case 'RefreshSession': {
        if (state.status !== 'active') throw new DomainError('ERR_SESSION_EXPIRED');
        const idleFor = now.getTime() - Date.parse(state.lastUsedAt);
        if (idleFor > REFRESH_TOKEN_TTL_MS) return [{ type: 'SessionRevoked', data: { sessionId: state.sessionId, reason: 'expired' } }];
        const current = command.presentedHash === state.currentHash;
        const racingPrevious = command.presentedHash === state.previousHash && idleFor <= ROTATION_GRACE_MS;
        if (current || racingPrevious)
          return [{ type: 'SessionRefreshed', data: { sessionId: state.sessionId, tokenHash: command.newHash, at: now.toISOString() } }];
        if (state.retiredHashes.includes(command.presentedHash)) {
          return [{ type: 'SessionRevoked', data: { sessionId: state.sessionId, reason: 'token-reuse' } }];
        }
        throw new DomainError('ERR_SESSION_EXPIRED');
      }
      case 'RevokeSession':
        if (state.status !== 'active') return [];
        return [{ type: 'SessionRevoked', data: { sessionId: state.sessionId, reason: command.reason } }];
    }
  },
};
