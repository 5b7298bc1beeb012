import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { session, type SessionCommand } from './session';
import type { SessionEvent } from '@conversa/contracts';

const sessionId = '0b7e1c9a-4f3d-4a57-9a0e-1d2c3b4a5f60';
const t0 = new Date('2026-03-01T10:00:00.000Z');
const started: SessionEvent = {
  type: 'SessionStarted',
  data: { sessionId, userId: 7, companyId: 2, tokenHash: 'h1', ip: '127.0.0.1', userAgent: 'test', at: t0.toISOString() },
};
const refreshedTo = (hash: string, at: Date): SessionEvent => ({ type: 'SessionRefreshed', data: { sessionId, tokenHash: hash, at: at.toISOString() } });
const later = (ms: number) => new Date(t0.getTime() + ms);
const refresh = (presentedHash: string, newHash = 'next'): SessionCommand => ({ type: 'RefreshSession', presentedHash, newHash });

describe('session decider', () => {
  it('starts a session', () => {
    spec(session)
      .given([])
      .when({ type: 'StartSession', sessionId, userId: 7, companyId: 2, tokenHash: 'h1', ip: '127.0.0.1', userAgent: 'test' }, t0)
      .then([started]);
  });

  it('rotates the current refresh token', () => {
    spec(session)
      .given([started])
      .when(refresh('h1', 'h2'), later(60_000))
      .then([refreshedTo('h2', later(60_000))]);
  });

  it('lets a racing tab use the previous token within the grace period', () => {
    spec(session)
      .given([started, refreshedTo('h2', later(1000))])
      .when(refresh('h1', 'h3'), later(5000))
      .then([refreshedTo('h3', later(5000))]);
  });

  it('revokes the family when a rotated-out token comes back later (theft)', () => {
    spec(session)
      .given([started, refreshedTo('h2', later(1000))])
      .when(refresh('h1'), later(60_000))
      .then([{ type: 'SessionRevoked', data: { sessionId, reason: 'token-reuse' } }]);
  });

  it('refuses an unknown token without revoking', () => {
    spec(session).given([started]).when(refresh('forged'), later(1000)).thenThrows('ERR_SESSION_EXPIRED');
  });

  it('expires after 7 idle days', () => {
    spec(session)
      .given([started])
      .when(refresh('h1'), later(8 * 24 * 3600 * 1000))
      .then([{ type: 'SessionRevoked', data: { sessionId, reason: 'expired' } }]);
  });

  it('refuses any refresh of a revoked session', () => {
    spec(session)
      .given([started, { type: 'SessionRevoked', data: { sessionId, reason: 'logout' } }])
      .when(refresh('h1'), later(1000))
      .thenThrows('ERR_SESSION_EXPIRED');
  });

  it('logs out once', () => {
    spec(session)
      .given([started])
      .when({ type: 'RevokeSession', reason: 'logout' })
      .then([{ type: 'SessionRevoked', data: { sessionId, reason: 'logout' } }]);
    spec(session)
      .given([started, { type: 'SessionRevoked', data: { sessionId, reason: 'logout' } }])
      .when({ type: 'RevokeSession', reason: 'logout' })
      .then([]);
  });
});
