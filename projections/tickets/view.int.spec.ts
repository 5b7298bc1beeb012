import type { TicketView } from '@conversa/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectors } from '../index';
import { readDatabase } from '../testing';
import { findTicket, findTicketByUuid, findTicketsById, listTickets, ticketViewsReturnedBy } from './queries';

/** The ticket view as Postgres builds it (json_build_object), key for key, against a real database. */
let db: Kysely<any>;
let close: () => Promise<void>;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const admin = { userId: 4, profile: 'admin' as const, super: false, queueIds: [], allTicket: 'enable' as const, allowGroup: false };

beforeAll(async () => {
  ({ db, close } = await readDatabase('ticket_view', projectors));
  // Rows with only the columns the view reads: the other columns may stay empty here.
  for (const table of ['contacts', 'users', 'queues', 'connections', 'tags']) {
    const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = 'read' and table_name = ${table} and is_nullable = 'NO' and column_name <> 'id'`.execute(db);
    for (const { column_name } of rows) await sql`alter table ${sql.table(`read.${table}`)} alter column ${sql.ref(column_name)} drop not null`.execute(db);
  }
  // Written as one script (no parameters): a simple query may hold several statements.
  await sql`
    insert into read.contacts (id, company_id, name, number, email, profile_pic_url, channel, is_group, active, disable_bot, accept_audio_message)
      values (9, 2, 'Ana "Q" \\ Souza', '5511999990000', 'ana@example.com', 'https://pics.example/ana.jpg', 'whatsapp', false, true, false, true);
    insert into read.users (id, company_id, name) values (4, 2, 'Bia');
    insert into read.queues (id, company_id, name, color) values (11, 2, 'Vendas', '#00aa00'), (12, 3, 'Outra empresa', '#ff0000');
    insert into read.connections (id, company_id, name, group_as_ticket, has_call_token) values (3, 2, 'Loja', 'enabled', true), (5, 2, 'Sem grupos', 'disabled', false);
    insert into read.tags (id, company_id, name, color, deleted) values (21, 2, 'b-tag', '#111111', false), (22, 2, 'A-tag', '#222222', false), (23, 2, 'apagada', '#333333', true);
    insert into read.contact_tags (company_id, contact_id, tag_id) values (2, 9, 21), (2, 9, 22), (2, 9, 23);
    insert into read.tickets (id, uuid, company_id, status, queue_id, user_id, contact_id, whatsapp_id, channel, is_group, is_bot, unread_messages, last_message,
        use_integration, prompt_id, amount_used_bot_queues, created_at, updated_at, user_rating)
      values (1, '00000000-0000-4000-8000-000000000001', 2, 'open', 11, 4, 9, 3, 'whatsapp', false, true, 3, 'olá, "mundo"', true, 7, 2, '2026-05-01 12:00:00.029+00', '2026-05-01 12:00:03.999999+00', 5),
             (2, '00000000-0000-4000-8000-000000000002', 2, 'pending', 12, null, 99, 5, 'instagram', true, false, 0, '', false, null, 0, '2026-05-01 11:00:00+00', '2026-05-01 11:00:00.0005+00', null);
  `.execute(db);
});
afterAll(() => close?.());

const full: TicketView = {
  id: 1,
  uuid: uuid(1),
  status: 'open',
  companyId: 2,
  queueId: 11,
  queue: { id: 11, name: 'Vendas', color: '#00aa00' },
  userId: 4,
  user: { id: 4, name: 'Bia' },
  contactId: 9,
  contact: {
    id: 9,
    name: 'Ana "Q" \\ Souza',
    number: '5511999990000',
    email: 'ana@example.com',
    profilePicUrl: 'https://pics.example/ana.jpg',
    urlPicture: 'https://pics.example/ana.jpg',
    channel: 'whatsapp',
    isGroup: false,
    active: true,
    disableBot: false,
    acceptAudioMessage: true,
    erased: false,
  },
  // By name without case; a deleted tag is left out.
  tags: [
    { id: 22, name: 'A-tag', color: '#222222' },
    { id: 21, name: 'b-tag', color: '#111111' },
  ],
  whatsappId: 3,
  whatsapp: { id: 3, name: 'Loja', groupAsTicket: true, wavoip: true },
  channel: 'whatsapp',
  isGroup: false,
  isBot: true,
  unreadMessages: 3,
  lastMessage: 'olá, "mundo"',
  useIntegration: true,
  promptId: 7,
  amountUsedBotQueues: 2,
  userRating: 5,
  // Milliseconds, microseconds truncated, as a Date read back and toISOString wrote them.
  createdAt: '2026-05-01T12:00:00.029Z',
  updatedAt: '2026-05-01T12:00:03.999Z',
};

// Another company's queue, a missing contact and no tags read as null and [].
const bare: TicketView = {
  id: 2,
  uuid: uuid(2),
  status: 'pending',
  companyId: 2,
  queueId: 12,
  queue: null,
  userId: null,
  user: null,
  contactId: 99,
  contact: null,
  tags: [],
  whatsappId: 5,
  whatsapp: { id: 5, name: 'Sem grupos', groupAsTicket: false, wavoip: false },
  channel: 'instagram',
  isGroup: true,
  isBot: false,
  unreadMessages: 0,
  lastMessage: '',
  useIntegration: false,
  promptId: null,
  amountUsedBotQueues: 0,
  userRating: null,
  createdAt: '2026-05-01T11:00:00.000Z',
  updatedAt: '2026-05-01T11:00:00.000Z',
};

it('gives every reader the same view, key for key: one ticket, by uuid, by ids, a list page and the rows a write returns', async () => {
  expect(await findTicket(db, 2, 1)).toStrictEqual(full);
  expect(await findTicket(db, 2, 2)).toStrictEqual(bare);
  expect(await findTicket(db, 3, 1)).toBeUndefined();
  expect(await findTicketByUuid(db, 2, uuid(1))).toStrictEqual(full);
  expect(await findTicketsById(db, [2, 1])).toEqual(expect.arrayContaining([full, bare]));
  const page = await listTickets(db, 2, admin, { pageNumber: 1, showAll: true });
  expect(page.tickets).toStrictEqual([full, bare]);
  const written = await ticketViewsReturnedBy(db, sql`update read.tickets set unread_messages = 4 where id = 1 returning *`);
  expect(written).toStrictEqual([{ ...full, unreadMessages: 4 }]);
  // Key order is the contract's, as the wire shows it.
  expect(Object.keys((await findTicket(db, 2, 1))!)).toEqual(Object.keys(full));
});
