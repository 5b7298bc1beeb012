import type { RecordedEvent, TicketViewer } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsProjector } from '../contacts/projector';
import { projectors } from '../index';
import { kanbanTickets } from '../tickets/kanban';
import { ticketsProjector } from '../tickets/projector';
import { tagsProjector } from './projector';
import { findTag, listTags } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();

const run = (projector: typeof tagsProjector, events: RecordedEvent[]) => project(db, projector, events);
const contact = (contactId: number, companyId = 2) =>
  recorded(
    'ContactCreated',
    {
      contactId,
      name: `Contato ${contactId}`,
      number: `55119000000${contactId}`,
      email: '',
      profilePicUrl: null,
      extraInfo: [],
      channel: 'whatsapp',
      isGroup: false,
      disableBot: false,
      acceptAudioMessage: true,
      active: true,
    },
    companyId,
  );
const ticket = (ticketId: number, contactId: number, queueId: number | null, extra: object = {}, companyId = 2) =>
  recorded(
    'TicketCreated',
    {
      ticketId,
      uuid: `6c1f0000-0000-4000-8000-${String(ticketId).padStart(12, '0')}`,
      contactId,
      whatsappId: null,
      queueId,
      userId: null,
      status: 'pending',
      isGroup: false,
      channel: 'whatsapp',
      ...extra,
    },
    companyId,
  );

beforeAll(async () => {
  ({ db, close } = await readDatabase('tags', projectors));
});
afterAll(() => close?.());

describe('tickets count', () => {
  it('publishes a new tag with 0 tickets, then counts the live tickets of the contacts carrying it', async () => {
    const frames = await run(tagsProjector, [recorded('TagCreated', { tagId: 1, name: 'VIP', color: '#FF0000', kanban: 0, userId: null })]);
    expect(frames).toEqual([{ companyId: 2, entity: 'tag', data: { action: 'create', tag: expect.objectContaining({ id: 1, ticketsCount: 0 }) } }]);

    // The tags projector sees the events it names, and counts from its own copies (whatever the contacts and tickets projectors have done).
    const history = [
      recorded('ContactTagsChanged', { contactId: 10, tagIds: [1] }),
      recorded('ContactTagsChanged', { contactId: 11, tagIds: [1] }),
      ticket(100, 10, 5),
      ticket(101, 10, 5, { status: 'closed' }),
      ticket(102, 11, 5),
      ticket(103, 12, 5),
      ticket(104, 11, 5),
    ];
    const counted = await run(tagsProjector, history);
    expect(counted).toEqual([{ companyId: 2, entity: 'tag', data: { action: 'update', tag: expect.objectContaining({ id: 1, ticketsCount: 4 }) } }]);
    expect(await run(tagsProjector, [recorded('TicketDeleted', { ticketId: 104 })])).toEqual([
      { companyId: 2, entity: 'tag', data: { action: 'update', tag: expect.objectContaining({ ticketsCount: 3 }) } },
    ]);
    // Contact 10's two tickets (closed ones too) and contact 11's live one; contact 12 has no tag.
    expect((await findTag(db, 2, 1))?.ticketsCount).toBe(3);
    // A ticket of a contact without tags moves no count: nothing to publish.
    expect(await run(tagsProjector, [ticket(105, 12, 5)])).toEqual([]);
    const changed = await run(tagsProjector, [recorded('TagChanged', { tagId: 1, changes: { name: 'Muito VIP' } })]);
    expect(changed[0]!.data).toMatchObject({ action: 'update', tag: { name: 'Muito VIP', ticketsCount: 3 } });
    expect((await listTags(db, 2, { searchParam: 'vip' })).tags).toEqual([expect.objectContaining({ id: 1, ticketsCount: 3 })]);
    expect(await findTag(db, 3, 1)).toBeUndefined();
    // Untagged, or the contact deleted: the count follows.
    expect((await run(tagsProjector, [recorded('ContactTagsChanged', { contactId: 10, tagIds: [] })]))[0]!.data).toMatchObject({ tag: { ticketsCount: 1 } });
    expect((await run(tagsProjector, [recorded('ContactDeleted', { contactId: 11 })]))[0]!.data).toMatchObject({ tag: { ticketsCount: 0 } });
  });
});

describe('kanban cards', () => {
  const viewer = (extra: Partial<TicketViewer> = {}): TicketViewer => ({
    userId: 50,
    profile: 'user',
    super: false,
    queueIds: [7],
    allTicket: 'disable',
    allowGroup: false,
    ...extra,
  });

  it("answers the in-progress tickets of the viewer's queues with their contact and tags, newest first", async () => {
    await run(tagsProjector, [recorded('TagCreated', { tagId: 2, name: 'Fazendo', color: '#00FF00', kanban: 1, userId: null })]);
    await run(contactsProjector as never, [
      contact(20),
      contact(21),
      contact(22),
      contact(23, 3),
      recorded('ContactTagsChanged', { contactId: 21, tagIds: [2] }),
    ]);
    await run(ticketsProjector as never, [
      ticket(200, 20, 7),
      ticket(201, 21, 7),
      ticket(202, 22, 8),
      ticket(203, 22, 7, { status: 'closed' }),
      ticket(204, 20, 7, { status: 'open', userId: 51 }),
      ticket(205, 23, 7, {}, 3),
    ]);
    const cards = await kanbanTickets(db, 2, viewer(), undefined);
    expect(cards.map((card) => card.id).sort()).toEqual([200, 201]);
    expect(cards.find((card) => card.id === 201)).toMatchObject({ contact: { name: 'Contato 21' }, tags: [{ id: 2, name: 'Fazendo', kanban: 1 }] });
    // An admin sees the ticket another attendant holds and every queue of the company (never another company's).
    expect((await kanbanTickets(db, 2, viewer({ profile: 'admin' }), [7, 8])).map((card) => card.id).sort()).toEqual([200, 201, 202, 204]);
    expect((await kanbanTickets(db, 2, viewer({ profile: 'admin', queueIds: [] }), undefined)).map((card) => card.id).sort()).toEqual([200, 201, 202, 204]);
    expect(await kanbanTickets(db, 2, viewer({ queueIds: [] }), [7])).toEqual([]);
  });
});
