import { inboundContext, RecordingChannelGateway } from '@conversa/channels';
import { receiveMessage } from '@conversa/core';
import { MESSAGES_COUNT_CAP, TICKETS_COUNT_CAP } from '@conversa/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, settle, signupCompany, startTestServer, type TestServer } from './harness';

/**
 * GET /messages/{ticketId}?cursor: the message list scrolling up passes the previous page's
 * nextCursor and gets the 20 messages older than where that page ended, with no offset to skip, so
 * messages arriving meanwhile neither repeat nor hide one. Pages by pageNumber answer as before.
 * Counts beyond what a counter keeps stop at a cap instead of walking every row.
 */
let server: TestServer;
let admin: { token: string; companyId: number };
let other: { token: string; companyId: number };
let ticketId: number;
const TOTAL = 150;
const number = '5511970001234';
/** Pairs of messages share their instant: the order between them is the message id's. */
const startedAt = Date.parse('2026-01-05T12:00:00.000Z');

interface Page {
  messages: Array<{ id: string; body: string; createdAt: string }>;
  count?: number;
  hasMore: boolean;
  nextCursor?: string;
}

const get = (token: string, url: string) => server.app.inject({ method: 'GET', url, headers: bearer(token) });
async function page(token: string, url: string): Promise<Page> {
  const response = await get(token, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

function writes(companyId: number, from: string, body: string, at: Date) {
  return receiveMessage(inboundContext(server.wiring.ctx), {
    companyId,
    whatsappId: null,
    channel: 'whatsapp',
    contact: { number: from, name: 'Cliente Longo', isGroup: false },
    providerId: `cursor-${companyId}-${from}-${body}`,
    body,
    mediaType: 'chat',
    receivedAt: at,
  });
}

beforeAll(async () => {
  server = await startTestServer({ channels: new RecordingChannelGateway() });
  const a = await signupCompany(server, 'Cursor Mensagens Co', 61);
  admin = { token: (await server.login(a.email, a.password)).token, companyId: a.companyId };
  const b = await signupCompany(server, 'Outra Cursor Co', 62);
  other = { token: (await server.login(b.email, b.password)).token, companyId: b.companyId };
  for (let n = 0; n < TOTAL; n++) {
    const received = await writes(admin.companyId, number, `mensagem ${n}`, new Date(startedAt + Math.floor(n / 2) * 1000));
    ticketId = received.ticketId;
  }
  await settle(server);
}, 120_000);
afterAll(() => server?.close());

/** The ticket's messages oldest first, as the server orders them (time, then id). */
const inServerOrder = (messages: Page['messages']) =>
  [...messages].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));

describe('GET /messages/:ticketId by cursor', () => {
  it('walks a ticket of 150 messages: every message once, in order, ending where hasMore says', async () => {
    const first = await page(admin.token, `/messages/${ticketId}`);
    expect(first).toMatchObject({ count: TOTAL, hasMore: true });
    expect(first.nextCursor).toMatch(/^\d+\.[0-9a-f-]{36}$/);
    const pages = [first];
    while (pages.at(-1)!.hasMore) {
      const next = await page(admin.token, `/messages/${ticketId}?pageNumber=${pages.length + 1}&cursor=${pages.at(-1)!.nextCursor}`);
      // Cursor pages carry no count: counting would walk the whole ticket on every page.
      expect(next.count).toBeUndefined();
      pages.push(next);
      expect(pages.length).toBeLessThanOrEqual(8);
    }
    expect(pages.map((p) => p.messages.length)).toEqual([20, 20, 20, 20, 20, 20, 20, 10]);
    expect(pages.at(-1)!.nextCursor).toBeUndefined();
    // Newest page first, each page oldest first: reversed pages put together are the conversation.
    const walked = pages.toReversed().flatMap((p) => p.messages);
    expect(new Set(walked.map((message) => message.id)).size).toBe(TOTAL);
    expect(walked).toEqual(inServerOrder(walked));
    expect(walked.map((message) => message.body).toSorted()).toEqual(Array.from({ length: TOTAL }, (_, n) => `mensagem ${n}`).toSorted());
    // The same pages by number.
    for (let n = 1; n <= pages.length; n++) {
      const byNumber = await page(admin.token, `/messages/${ticketId}?pageNumber=${n}`);
      expect(byNumber.messages.map((message) => message.id)).toEqual(pages[n - 1]!.messages.map((message) => message.id));
      expect(byNumber).toMatchObject({ count: TOTAL, hasMore: n < pages.length });
    }
  });

  it('a message arriving while the list scrolls up shifts nothing: the older page continues below the one held', async () => {
    const first = await page(admin.token, `/messages/${ticketId}`);
    const arrived = await writes(admin.companyId, number, 'chegou agora', new Date());
    await server.wiring.ctx.waitForProjections(arrived.position);
    const byCursor = await page(admin.token, `/messages/${ticketId}?pageNumber=2&cursor=${first.nextCursor}`);
    const byNumber = await page(admin.token, `/messages/${ticketId}?pageNumber=2`);
    // By number the page moved one message down and repeats the oldest one held; by cursor it did not.
    expect(byNumber.messages.at(-1)!.id).toBe(first.messages[0]!.id);
    expect(byCursor.messages.map((message) => message.id)).not.toContain(first.messages[0]!.id);
    expect(inServerOrder([...byCursor.messages, ...first.messages])).toEqual([...byCursor.messages, ...first.messages]);
    expect(byCursor.messages).toHaveLength(20);
  });

  it('refuses a cursor that is not a nextCursor, and another company’s ticket as before', async () => {
    const first = await page(admin.token, `/messages/${ticketId}`);
    for (const cursor of [
      'abc',
      '123',
      `1.${'0'.repeat(36)}`,
      `${'9'.repeat(17)}.${first.messages[0]!.id}`,
      `${first.nextCursor}x`,
      `-1.${first.messages[0]!.id}`,
    ]) {
      const response = await get(admin.token, `/messages/${ticketId}?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error).toBe('ERR_VALIDATION');
    }
    // A well-formed cursor cannot reach another company's messages: the ticket is not theirs.
    const foreign = await get(other.token, `/messages/${ticketId}?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NO_TICKET_FOUND');
    // And a cursor taken from one ticket only positions a page of another: it never brings the first one's messages.
    const theirs = await writes(other.companyId, '5511970009999', 'outra empresa', new Date());
    await server.wiring.ctx.waitForProjections(theirs.position);
    const mixed = await page(other.token, `/messages/${theirs.ticketId}?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(mixed.messages.every((message) => !message.body.startsWith('mensagem'))).toBe(true);
  });
});

describe('bounded counts', () => {
  it('a list filtered beyond ticket_counts and a long ticket count up to their cap, and still page on', async () => {
    // Rows written straight into the read tables (as the bench loads them): 10,005 waiting tickets with
    // unread messages, the first of them with 10,005 messages.
    const first = 900_000_000;
    const extra = 5;
    await sql`
      insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, unread_messages, last_message, created_at, updated_at)
      select g, gen_random_uuid(), ${other.companyId}, 'pending', null, null, g, null, 'whatsapp', false, 1, 'Mensagem ' || g, now() - interval '1 day', now() - (g - ${first}) * interval '1 second'
      from generate_series(${first}::int, ${first + TICKETS_COUNT_CAP + extra - 1}::int) g`.execute(server.wiring.db);
    await sql`
      insert into read.messages (id, company_id, ticket_id, contact_id, from_me, body, media_type, ack, read, created_at, updated_at)
      select gen_random_uuid(), ${other.companyId}, ${first}, ${first}, false, 'longa ' || n, 'chat', 3, true, now() - n * interval '1 second', now() - n * interval '1 second'
      from generate_series(1, ${MESSAGES_COUNT_CAP + extra}) n`.execute(server.wiring.db);

    const unread = (await page(other.token, '/tickets?status=pending&showAll=true&withUnreadMessages=true')) as unknown as {
      count: number;
      hasMore: boolean;
      nextCursor: string;
    };
    expect(unread).toMatchObject({ count: TICKETS_COUNT_CAP, hasMore: true });
    const second = await get(other.token, `/tickets?status=pending&showAll=true&withUnreadMessages=true&pageNumber=2&cursor=${unread.nextCursor}`);
    expect(second.json().tickets).toHaveLength(40);

    const long = await page(other.token, `/messages/${first}`);
    expect(long).toMatchObject({ count: MESSAGES_COUNT_CAP, hasMore: true });
    expect(long.messages.at(-1)!.body).toBe('longa 1');
    const older = await page(other.token, `/messages/${first}?pageNumber=2&cursor=${long.nextCursor}`);
    expect(older.messages.at(-1)!.body).toBe('longa 21');
  });
});
