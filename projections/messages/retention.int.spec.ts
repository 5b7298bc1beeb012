import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDatabase } from '../database';
import { projectors } from '../index';
import { companiesProjector } from '../companies/projector';
import { retentionOf } from '../companies/queries';
import { messagesProjector } from './projector';
import { expiredMediaOf } from './maintenance';
import { findMessage } from './queries';
import { project, readDatabase } from '../testing';

let db: Kysely<ReadDatabase>;
let close: () => Promise<void>;
let position = 0n;

const recorded = (type: string, data: unknown, companyId = 2): RecordedEvent => {
  position += 1n;
  return {
    id: `00000000-0000-4000-9000-${String(position).padStart(12, '0')}`,
    streamId: 'test',
    revision: 0,
    type,
    data,
    metadata: {
      companyId,
      actor: { kind: 'system', id: 't' },
      correlationId: 'c',
      causationId: 'c',
      occurredAt: '2026-05-01T12:00:00.000Z',
      schemaVersion: 1,
      prevHash: null,
      hash: 'h',
    },
    position: { commit: position, prepare: position },
    createdAt: new Date('2026-05-01T12:00:00.000Z'),
  };
};

const uuid = (n: number) => `0190a5e0-0000-7000-9000-${String(n).padStart(12, '0')}`;
const media = (n: number, companyId: number) => ({ url: `/media/${companyId}/f${n}.jpg`, name: `foto ${n}.jpg`, mime: 'image/jpeg', size: 1000 });
const received = (n: number, at: string, options: { companyId?: number; media?: boolean; mediaType?: string; body?: string; location?: unknown } = {}) => {
  const companyId = options.companyId ?? 2;
  return recorded(
    'MessageReceived',
    {
      messageId: uuid(n),
      ticketId: 7,
      contactId: 9,
      whatsappId: 3,
      body: options.body ?? `segredo ${n}`,
      mediaType: options.mediaType ?? (options.media ? 'image' : 'chat'),
      media: options.media ? media(n, companyId) : null,
      location: options.location ?? null,
      quotedMessageId: null,
      providerId: `R${n}`,
      participant: null,
      receivedAt: at,
    },
    companyId,
  );
};
const queued = (n: number, at: string, url?: string) =>
  recorded('MessageQueued', {
    messageId: uuid(n),
    ticketId: 7,
    contactId: 9,
    whatsappId: 3,
    body: `resposta ${n}`,
    mediaType: url ? 'image' : 'chat',
    media: url ? { url, name: 'x.jpg', mime: 'image/jpeg', size: 10 } : null,
    location: null,
    quotedMessageId: null,
    userId: 4,
    isPrivate: false,
    isForwarded: false,
    queuedAt: at,
  });
const BEFORE = '2026-04-01T00:00:00.000Z';
const expired = (companyId = 2, before = BEFORE) => recorded('MessageContentsExpired', { companyId, before, days: 30 }, companyId);

beforeAll(async () => {
  ({ db, close } = await readDatabase('messages_retention', projectors));
});
afterAll(() => close?.());

describe('retention in the messages read model', () => {
  const history = () => [
    received(1, '2026-03-01T10:00:00.000Z', { media: true, body: 'legenda da foto' }),
    received(2, '2026-03-02T10:00:00.000Z', { mediaType: 'contactMessage', body: 'BEGIN:VCARD\nFN:Maria\nEND:VCARD' }),
    received(3, '2026-03-03T10:00:00.000Z', { mediaType: 'locationMessage', location: { latitude: -23.5, longitude: -46.6, name: 'Casa' } }),
    // The attendant forwards photo 1 after the cut: its file stays, a message still shows it.
    received(4, '2026-03-04T10:00:00.000Z', { media: true }),
    queued(5, '2026-04-10T10:00:00.000Z', '/media/2/f4.jpg'),
    received(6, '2026-04-02T10:00:00.000Z', { body: 'recente' }),
    received(7, '2026-03-01T10:00:00.000Z', { companyId: 3, body: 'outra empresa' }),
    expired(),
  ];

  it('blanks the contents written before the cut, of that company only, and lists the contacts files no message still shows', async () => {
    await project(db, messagesProjector, history());
    for (const n of [1, 2, 3]) {
      expect(await findMessage(db, 2, uuid(n))).toMatchObject({
        body: '',
        mediaUrl: null,
        mediaName: null,
        location: null,
        contentExpired: true,
        createdAt: expect.any(String),
        ticketId: 7,
      });
    }
    expect(await findMessage(db, 2, uuid(6))).toMatchObject({ body: 'recente', contentExpired: false });
    expect(await findMessage(db, 2, uuid(5))).toMatchObject({ body: 'resposta 5', mediaUrl: '/media/2/f4.jpg', contentExpired: false });
    expect(await findMessage(db, 3, uuid(7))).toMatchObject({ body: 'outra empresa', contentExpired: false });
    expect(await expiredMediaOf(db, 2, BEFORE, '', 100)).toEqual(['/media/2/f1.jpg']);
    expect(await expiredMediaOf(db, 3, BEFORE, '', 100)).toEqual([]);
  });

  it('replays to the same rows (a rebuild)', async () => {
    const rows = async () => Promise.all([1, 2, 3, 4, 5, 6].map((n) => findMessage(db, 2, uuid(n))));
    const first = await rows();
    await project(db, messagesProjector, history());
    expect(await rows()).toEqual(first);
    expect(await expiredMediaOf(db, 2, BEFORE, '', 100)).toEqual(['/media/2/f1.jpg']);
  });

  it('keeps the last run for the settings screen', async () => {
    await project(db, companiesProjector, [recorded('CompanySettingChanged', { companyId: 2, key: 'messageRetentionDays', value: '30' }), expired()]);
    expect(await retentionOf(db, 2)).toEqual({ days: 30, lastRun: { at: '2026-05-01T12:00:00.000Z', before: BEFORE, days: 30 } });
    expect(await retentionOf(db, 3)).toEqual({ days: null, lastRun: null });
  });
});
