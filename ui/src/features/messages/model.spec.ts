import { describe, expect, it } from 'vitest';
import type { AppMessageFrame } from '@conversa/contracts';
import { message, page } from './fixtures';
import {
  ackIcon,
  applyMessage,
  buildRows,
  canDelete,
  canEdit,
  canForward,
  cutLabel,
  dayLabel,
  deletedText,
  filterQuickReplies,
  flattenPages,
  frameMessageFor,
  isSendable,
  localDay,
  MESSAGE_EDIT_WINDOW_MS,
  signed,
  slashQuery,
  type MessagesCache,
} from './model';

const at = (year: number, month: number, day: number, hour = 12, minute = 0) => new Date(year, month - 1, day, hour, minute).toISOString();

describe('pages into one list', () => {
  it('orders every page oldest first and keeps one copy of a message repeated by offset paging', () => {
    const a = message({ createdAt: at(2026, 11, 1, 9) });
    const b = message({ createdAt: at(2026, 11, 1, 10) });
    const c = message({ createdAt: at(2026, 11, 1, 11) });
    const d = message({ createdAt: at(2026, 11, 1, 12) });
    // Page 2 was read after d arrived, so it repeats b (shifted by one).
    const cache: MessagesCache = { pages: [page([c, d], true), page([a, { ...b, body: 'stale' }], false)], pageParams: [{ pageNumber: 1 }, { pageNumber: 2 }] };
    cache.pages[0]!.messages.unshift(b);
    expect(flattenPages(cache).map((m) => m.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect(flattenPages(cache).find((m) => m.id === b.id)!.body).toBe(b.body);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it('orders by time when pages interleave', () => {
    const a = message({ createdAt: at(2026, 11, 1, 9) });
    const b = message({ createdAt: at(2026, 11, 1, 10) });
    const c = message({ createdAt: at(2026, 11, 1, 11) });
    const d = message({ createdAt: at(2026, 11, 1, 12) });
    // c was written while page 2 was being read.
    const cache: MessagesCache = { pages: [page([b, d]), page([a, c])], pageParams: [{ pageNumber: 1 }, { pageNumber: 2 }] };
    expect(flattenPages(cache).map((m) => m.id)).toEqual([a.id, b.id, c.id, d.id]);
  });
});

describe('day separators', () => {
  it('puts one separator above the first message of each local day', () => {
    const messages = [
      message({ createdAt: at(2026, 11, 18, 8) }),
      message({ createdAt: at(2026, 11, 18, 23, 59) }),
      message({ createdAt: at(2026, 11, 19, 0, 1) }),
      message({ createdAt: at(2026, 11, 21, 9) }),
    ];
    const rows = buildRows(messages);
    expect(rows.map((row) => row.day)).toEqual(['2026-11-18', null, '2026-11-19', '2026-11-21']);
    expect(rows.map((row) => row.key)).toEqual(messages.map((m) => m.id));
  });

  it('keeps every row keyed by its message when older messages of the same day arrive, so the list can hold its place', () => {
    const later = [message({ createdAt: at(2026, 11, 18, 12) }), message({ createdAt: at(2026, 11, 18, 13) })];
    const older = [message({ createdAt: at(2026, 11, 18, 9) }), message({ createdAt: at(2026, 11, 18, 10) })];
    const before = buildRows(later);
    const after = buildRows([...older, ...later]);
    expect(before[0]!.day).toBe('2026-11-18');
    expect(after[0]).toMatchObject({ key: older[0]!.id, day: '2026-11-18' });
    expect(after[2]).toMatchObject({ key: later[0]!.id, day: null });
    // Unchanged messages keep their row item, so their memoised bubbles are not drawn again.
    expect(after[3]!.item).toBe(before[1]!.item);
  });

  it('labels today, yesterday and older days as DD/MM/YYYY', () => {
    const now = new Date(2026, 10, 21, 15);
    expect(dayLabel(localDay(at(2026, 11, 21, 1)), now)).toEqual({ kind: 'today' });
    expect(dayLabel(localDay(at(2026, 11, 20, 23)), now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel('2026-11-19', now)).toEqual({ kind: 'date', text: '19/11/2026' });
    expect(dayLabel('2025-12-31', new Date(2026, 0, 1, 8))).toEqual({ kind: 'yesterday' });
  });

  it('folds reactions into the message they react to instead of showing them as rows', () => {
    const target = message({ createdAt: at(2026, 11, 20, 10) });
    const reaction = message({ createdAt: at(2026, 11, 20, 10, 5), mediaType: 'reactionMessage', body: '👍', quotedMsgId: target.id, fromMe: true });
    const rows = buildRows([target, reaction]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: target.id, item: { message: { id: target.id }, reactions: [{ emoji: '👍', fromMe: true }] } });
  });
});

describe('ack icon', () => {
  it('maps 0 clock, 1 sent, 2 delivered, 3 and 4 read, and a refused send to failed', () => {
    expect(ackIcon({ ack: 0, sendError: null })).toBe('clock');
    expect(ackIcon({ ack: 1, sendError: null })).toBe('sent');
    expect(ackIcon({ ack: 2, sendError: null })).toBe('delivered');
    expect(ackIcon({ ack: 3, sendError: null })).toBe('read');
    expect(ackIcon({ ack: 4, sendError: null })).toBe('read');
    expect(ackIcon({ ack: 0, sendError: 'no channel connected' })).toBe('failed');
    // Sent later after all: the channel's answer wins over an old error.
    expect(ackIcon({ ack: 2, sendError: 'timeout' })).toBe('delivered');
  });
});

describe('edit window and own messages', () => {
  const written = Date.parse('2026-11-21T10:00:00.000Z');
  const mine = message({ fromMe: true, userId: 7, updatedAt: new Date(written).toISOString() });

  it('allows editing own text for 15 minutes (900000 ms) after its last update', () => {
    expect(MESSAGE_EDIT_WINDOW_MS).toBe(900_000);
    expect(canEdit(mine, 7, written + 899_999)).toBe(true);
    expect(canEdit(mine, 7, written + 900_000)).toBe(false);
    // An edit restarts the window.
    expect(canEdit({ ...mine, updatedAt: new Date(written + 600_000).toISOString() }, 7, written + 1_200_000)).toBe(true);
  });

  it('never for another attendant, the contact, a deleted message or a file', () => {
    const now = written + 1000;
    expect(canEdit(mine, 8, now)).toBe(false);
    expect(canEdit({ ...mine, fromMe: false }, 7, now)).toBe(false);
    expect(canEdit({ ...mine, isDeleted: true }, 7, now)).toBe(false);
    expect(canEdit({ ...mine, mediaType: 'image' }, 7, now)).toBe(false);
  });

  it('offers deleting only outbound messages, and forwarding nothing private or deleted', () => {
    expect(canDelete(mine)).toBe(true);
    expect(canDelete({ ...mine, fromMe: false })).toBe(false);
    expect(canDelete({ ...mine, isDeleted: true })).toBe(false);
    expect(canForward(mine)).toBe(true);
    expect(canForward({ ...mine, isPrivate: true })).toBe(false);
    expect(canForward({ ...mine, isDeleted: true })).toBe(false);
  });

  it('says who deleted a message', () => {
    expect(deletedText({ isDeleted: false, deletedBy: null, fromMe: false })).toBeNull();
    expect(deletedText({ isDeleted: true, deletedBy: 'contact', fromMe: false })).toBe('byContact');
    expect(deletedText({ isDeleted: true, deletedBy: 'user', fromMe: true })).toBe('byUser');
    // Its contact erased (LGPD): only the mark is left, whoever wrote it.
    expect(deletedText({ isDeleted: false, deletedBy: null, fromMe: true, contentErased: true })).toBe('erased');
  });
});

describe('frames into the cache', () => {
  const cacheOf = (...pages: ReturnType<typeof page>[]): MessagesCache => ({ pages, pageParams: pages.map((_, index) => ({ pageNumber: index + 1 })) });

  it('adds a new message to the newest page in time order and counts it', () => {
    const old = message();
    const cache = cacheOf(page([old], false, 1));
    const fresh = message();
    expect(applyMessage(cache, fresh)).toBe(true);
    expect(cache.pages[0]!.messages.map((m) => m.id)).toEqual([old.id, fresh.id]);
    expect(cache.pages[0]!.count).toBe(2);
  });

  it('replaces a known message where it is (update, delete), in every page that holds a copy', () => {
    const first = message();
    const second = message();
    const cache = cacheOf(page([second]), page([first, second]));
    expect(applyMessage(cache, { ...second, body: 'corrigido', isEdited: true })).toBe(false);
    expect(cache.pages[0]!.messages[0]).toMatchObject({ body: 'corrigido', isEdited: true });
    expect(cache.pages[1]!.messages[1]).toMatchObject({ body: 'corrigido', isEdited: true });
    applyMessage(cache, { ...first, isDeleted: true, deletedBy: 'contact' });
    expect(cache.pages[1]!.messages[0]).toMatchObject({ isDeleted: true, deletedBy: 'contact' });
  });

  it('never lets an older copy take the ack back', () => {
    const sent = message({ fromMe: true, ack: 3 });
    const cache = cacheOf(page([sent]));
    applyMessage(cache, { ...sent, ack: 1 });
    expect(cache.pages[0]!.messages[0]!.ack).toBe(3);
  });

  it('takes only frames of this ticket', () => {
    const mine = message({ ticketId: 10 });
    // The frame's ticket and contact are not read here.
    const frame = { action: 'create', message: mine } as AppMessageFrame;
    expect(frameMessageFor(10, frame)).toEqual({ action: 'create', message: mine });
    expect(frameMessageFor(11, frame)).toBeNull();
  });
});

describe('quick replies', () => {
  const replies = [
    { id: 1, shortcode: 'bomdia', message: 'Bom dia! Em que posso ajudar hoje? Estamos à disposição.', mediaPath: null },
    { id: 2, shortcode: 'pix', message: 'Nossa chave PIX é o CNPJ.', mediaPath: null },
    { id: 3, shortcode: 'tabela', message: 'Segue a tabela de preços', mediaPath: '/media/2/tabela.pdf' },
  ];

  it('opens only for a leading slash on the first line, filtered by shortcode or text', () => {
    expect(slashQuery('oi /pix')).toBeNull();
    expect(slashQuery('/pix\nmais')).toBeNull();
    expect(slashQuery('/PIX')).toBe('pix');
    expect(filterQuickReplies(replies, '/').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterQuickReplies(replies, '/pi').map((r) => r.id)).toEqual([2]);
    expect(filterQuickReplies(replies, '/preços').map((r) => r.id)).toEqual([3]);
    expect(filterQuickReplies(replies, 'pix')).toEqual([]);
  });

  it('cuts labels to 35 characters plus an ellipsis', () => {
    expect(cutLabel(replies[0]!.message)).toBe('Bom dia! Em que posso ajudar hoje? ...');
    expect([...cutLabel(replies[0]!.message)].length).toBe(38);
    expect(cutLabel('a'.repeat(35))).toBe('a'.repeat(35));
    expect(cutLabel('😀'.repeat(36))).toBe(`${'😀'.repeat(35)}...`);
  });
});

describe('sending text', () => {
  it('never sends empty or whitespace-only text, and signs as *Name*:', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable(' \n\t ')).toBe(false);
    expect(isSendable(' oi ')).toBe(true);
    expect(signed('Olá', 'Ana Souza')).toBe('*Ana Souza*:\nOlá');
  });
});
