import type { KanbanTicket, TagView, TicketViewer } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyKanbanContactFrame, applyKanbanTicketFrame, cardsByLane, DEFAULT_LANE, laneOf, movedTags } from './board';

const lane = (id: number, name: string): TagView => ({
  id,
  companyId: 1,
  name,
  color: '#111111',
  kanban: 1,
  userId: null,
  ticketsCount: 0,
  createdAt: '',
  updatedAt: '',
});
const todo = lane(10, 'A fazer');
const doing = lane(11, 'Fazendo');
const lanes = [todo, doing];
const vip = { id: 20, name: 'VIP', color: '#222222', kanban: 0 as const };

const card = (id: number, tags: KanbanTicket['tags'] = [], contactId = id + 100): KanbanTicket => ({
  id,
  uuid: `uuid-${id}`,
  status: 'pending',
  queueId: 5,
  userId: null,
  contactId,
  contact: { name: `Contato ${id}`, number: '5511999990000' },
  lastMessage: 'oi',
  updatedAt: '2026-01-01T10:00:00.000Z',
  tags,
});

const viewer: TicketViewer = { userId: 7, profile: 'user', super: false, queueIds: [5], allTicket: 'disable', allowGroup: false };

describe('the board', () => {
  it('puts a card in its first lane tag, or the default lane', () => {
    expect(laneOf(card(1), lanes)).toBe(DEFAULT_LANE);
    expect(laneOf(card(1, [vip]), lanes)).toBe(DEFAULT_LANE);
    expect(laneOf(card(1, [vip, { ...doing, kanban: 1 }]), lanes)).toBe(doing.id);
    const byLane = cardsByLane([card(1), card(2, [{ ...todo }]), card(3)], lanes);
    expect([...byLane.keys()]).toEqual([DEFAULT_LANE, todo.id, doing.id]);
    expect(byLane.get(DEFAULT_LANE)!.map((c) => c.id)).toEqual([1, 3]);
    expect(byLane.get(doing.id)).toEqual([]);
  });

  it('moves a card: other lanes leave, plain tags stay, the target lane comes', () => {
    expect(movedTags([vip, { ...todo }], doing, lanes).map((tag) => tag.id)).toEqual([vip.id, doing.id]);
    expect(movedTags([vip, { ...todo }], null, lanes).map((tag) => tag.id)).toEqual([vip.id]);
  });

  it('follows contact frames: a move made elsewhere changes the lane of that contact’s cards', () => {
    const cards = [card(1), card(2)];
    const next = applyKanbanContactFrame(
      cards,
      { action: 'update', contact: { id: 101, name: 'Novo nome', tags: [{ id: doing.id, name: 'Fazendo', color: '#111111' }] } },
      lanes,
    );
    expect(laneOf(next[0]!, lanes)).toBe(doing.id);
    expect(next[0]!.contact.name).toBe('Novo nome');
    expect(next[1]).toBe(cards[1]);
    expect(applyKanbanContactFrame(cards, { action: 'update', contact: { id: 999, tags: [] } }, lanes)).toBe(cards);
  });

  it('follows ticket frames: new tickets of my queues come first, closed or foreign ones leave', () => {
    const frameTicket = (id: number, changes: object = {}) => ({
      action: 'update' as const,
      ticketId: id,
      ticket: {
        id,
        uuid: `uuid-${id}`,
        status: 'pending',
        queueId: 5,
        userId: null,
        isGroup: false,
        contactId: id + 100,
        contact: { name: 'X', number: '1' },
        lastMessage: 'novo',
        updatedAt: '2026-01-01T11:00:00.000Z',
        tags: [],
        ...changes,
      },
    });
    const cards = [card(1)];
    expect(applyKanbanTicketFrame(cards, frameTicket(2), viewer, lanes).map((c) => c.id)).toEqual([2, 1]);
    expect(applyKanbanTicketFrame(cards, frameTicket(2, { queueId: 6 }), viewer, lanes)).toBe(cards);
    expect(applyKanbanTicketFrame(cards, frameTicket(1, { status: 'closed' }), viewer, lanes)).toEqual([]);
    // Held by another attendant: the visibility rule hides it from a plain user.
    expect(applyKanbanTicketFrame(cards, frameTicket(1, { status: 'open', userId: 8 }), viewer, lanes)).toEqual([]);
    expect(applyKanbanTicketFrame(cards, { action: 'delete', ticketId: 1 }, viewer, lanes)).toEqual([]);
    const moved = applyKanbanTicketFrame(cards, frameTicket(1, { tags: [{ id: todo.id, name: 'A fazer', color: '#111111' }] }), viewer, lanes);
    expect(laneOf(moved[0]!, lanes)).toBe(todo.id);
  });
});
