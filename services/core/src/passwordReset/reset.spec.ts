import type { PasswordResetEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { spec } from '../commands/spec';
import { createResetCodes } from './codes';
import { passwordReset } from './reset';

const resetId = '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e';
const codes = createResetCodes('test-secret');
const code = codes.codeOf(resetId);
const codeHash = codes.hashOf(resetId, code);
const wrong = codes.hashOf(resetId, code === '000000' ? '111111' : '000000');
const now = new Date('2026-01-15T12:00:00.000Z');
const expiresAt = new Date(now.getTime() + 10 * 60_000).toISOString();
const requested: PasswordResetEvent = { type: 'PasswordResetRequested', data: { resetId, userId: 7, number: '5511988887777', codeHash, expiresAt } };
const rejected = (attempts: number): PasswordResetEvent => ({ type: 'PasswordResetCodeRejected', data: { resetId, attempts } });
const verified: PasswordResetEvent = { type: 'PasswordResetCodeVerified', data: { resetId } };

describe('reset codes', () => {
  it('derive a 6-digit code per reset and a keyed hash that is not the code', () => {
    expect(code).toMatch(/^\d{6}$/);
    expect(codes.codeOf(resetId)).toBe(code);
    expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(createResetCodes('another-secret').hashOf(resetId, code)).not.toBe(codeHash);
  });
});

describe('password reset decider', () => {
  it('verifies the right code, then completes once', () => {
    spec(passwordReset).given([requested]).when({ type: 'VerifyCode', codeHash }, now).then([verified]);
    spec(passwordReset)
      .given([requested, verified])
      .when({ type: 'CompleteReset' }, now)
      .then([{ type: 'PasswordResetCompleted', data: { resetId, userId: 7 } }]);
    spec(passwordReset)
      .given([requested, verified, { type: 'PasswordResetCompleted', data: { resetId, userId: 7 } }])
      .when({ type: 'CompleteReset' }, now)
      .thenThrows('ERR_RESET_CODE_INVALID');
    spec(passwordReset)
      .given([requested, verified, { type: 'PasswordResetCompleted', data: { resetId, userId: 7 } }])
      .when({ type: 'VerifyCode', codeHash }, now)
      .thenThrows('ERR_RESET_CODE_INVALID');
  });

  it('refuses to complete without a verified code', () => {
    spec(passwordReset).given([requested]).when({ type: 'CompleteReset' }, now).thenThrows('ERR_RESET_CODE_INVALID');
    spec(passwordReset).given([]).when({ type: 'CompleteReset' }, now).thenThrows('ERR_RESET_CODE_INVALID');
  });

  it('dies on the third wrong code, after which even the right one is refused', () => {
    spec(passwordReset)
      .given([requested])
      .when({ type: 'VerifyCode', codeHash: wrong }, now)
      .then([rejected(1)]);
    spec(passwordReset)
      .given([requested, rejected(1)])
      .when({ type: 'VerifyCode', codeHash: wrong }, now)
      .then([rejected(2)]);
    spec(passwordReset)
      .given([requested, rejected(1), rejected(2)])
      .when({ type: 'VerifyCode', codeHash: wrong }, now)
      .then([rejected(3), { type: 'PasswordResetLocked', data: { resetId } }]);
    spec(passwordReset)
      .given([requested, rejected(1), rejected(2), rejected(3), { type: 'PasswordResetLocked', data: { resetId } }])
      .when({ type: 'VerifyCode', codeHash }, now)
      .thenThrows('ERR_RESET_ATTEMPTS_EXCEEDED');
  });

  it('expires: neither verifies nor completes after its time', () => {
    const later = new Date(Date.parse(expiresAt) + 1);
    spec(passwordReset).given([requested]).when({ type: 'VerifyCode', codeHash }, later).thenThrows('ERR_RESET_CODE_INVALID');
    spec(passwordReset).given([requested, verified]).when({ type: 'CompleteReset' }, later).thenThrows('ERR_RESET_CODE_INVALID');
  });

  it('accepts no code for a number no user has', () => {
    const unknown: PasswordResetEvent = { type: 'PasswordResetRequested', data: { ...requested.data, userId: null } };
    spec(passwordReset)
      .given([unknown])
      .when({ type: 'VerifyCode', codeHash }, now)
      .then([rejected(1)]);
  });

  it('records the sending once', () => {
    spec(passwordReset)
      .given([requested])
      .when({ type: 'RecordCodeSent', whatsappId: 3 })
      .then([{ type: 'PasswordResetCodeSent', data: { resetId, whatsappId: 3 } }]);
    spec(passwordReset)
      .given([requested, { type: 'PasswordResetCodeSent', data: { resetId, whatsappId: 3 } }])
      .when({ type: 'RecordCodeSent', whatsappId: 3 })
      .then([]);
  });
});
