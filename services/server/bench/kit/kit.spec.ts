import { isValidCpfCnpj, productEventRegistry } from '@conversa/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { median, percentile, percentileFigures, sampleTimes } from './measure';
import { cpf, signupPayload } from './product';
import { messageReceived } from './tables';

describe('the bench kit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the nearest-rank percentile and the middle value', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 95)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
    expect(median(values)).toBe(5.5);
    expect(median([3, 1, 2])).toBe(2);
  });

  it('prints one JSON line per point, named <name>_p<n><suffix> and <name>_max<suffix>', () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    percentileFigures('answer', [1, 2, 3, 4], [50, 'max'], { suffix: '_ms', extra: { calls: 4 } });
    expect(written.map((line) => JSON.parse(line))).toEqual([
      { name: 'answer_p50_ms', value: 2, unit: 'ms', calls: 4 },
      { name: 'answer_max_ms', value: 4, unit: 'ms', calls: 4 },
    ]);
  });

  it('times each call after the untimed warm-up ones, which get negative indexes', async () => {
    const seen: number[] = [];
    const samples = await sampleTimes(3, async (index) => void seen.push(index), { warm: 2 });
    expect(seen).toEqual([-1, -2, 0, 1, 2]);
    expect(samples).toHaveLength(3);
    expect(samples.every((ms) => ms >= 0)).toBe(true);
  });

  it('signs companies up with CPFs the signup accepts', () => {
    for (const seed of [0, 7, 700, 4101, 7009, 123_456_789]) expect(isValidCpfCnpj(cpf(seed))).toBe(true);
    expect(signupPayload({ name: 'A', companyName: 'B', email: 'a@example.com', seed: 7 }).document).toBe(cpf(7));
  });

  it('writes MessageReceived as the inbound path records it', () => {
    const { messageId, event } = messageReceived(
      { ticketId: 7, contactId: 3, whatsappId: 1, body: 'oi', providerId: 'p-1', at: '2026-01-01T12:00:00.000Z' },
      { companyId: 1, actor: { kind: 'contact', id: 3 } },
    );
    expect(() => productEventRegistry().validateForAppend(event.type, event.data)).not.toThrow();
    expect(event.data).toMatchObject({ messageId, ticketId: 7, body: 'oi', participant: null, receivedAt: '2026-01-01T12:00:00.000Z' });
    expect(event.metadata).toMatchObject({ correlationId: messageId, causationId: messageId, occurredAt: '2026-01-01T12:00:00.000Z', schemaVersion: 1 });
  });
});
