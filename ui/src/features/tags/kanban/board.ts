import { canSeeTicket, seesAllTickets, type ContactFrame, type KanbanTicket, type TagView, type TicketFrame, type TicketViewer } from '@conversa/contracts';
import type { TagChip } from '../api';

/** The default lane's id: tickets without a kanban tag. */
export const DEFAULT_LANE = 0;

/** Statuses whose tickets stand on the board (a closed ticket leaves it). */
const ON_BOARD = new Set(['pending', 'open', 'group']);

/** The lane a card stands in: its first tag that is a lane (in the lanes' order), or the default lane. */
export function laneOf(card: Pick<KanbanTicket, 'tags'>, lanes: readonly Pick<TagView, 'id'>[]): number {
  const tagIds = new Set(card.tags.map((tag) => tag.id));
  return lanes.find((lane) => tagIds.has(lane.id))?.id ?? DEFAULT_LANE;
}

/** Cards by lane, in the cards' order (newest activity first); every lane is present, empty or not. */
export function cardsByLane(cards: readonly KanbanTicket[], lanes: readonly Pick<TagView, 'id'>[]): Map<number, KanbanTicket[]> {
  const byLane = new Map<number, KanbanTicket[]>([[DEFAULT_LANE, []], ...lanes.map((lane) => [lane.id, []] as [number, KanbanTicket[]])]);
  for (const card of cards) byLane.get(laneOf(card, lanes))!.push(card);
  return byLane;
}

/** The card's tags after a move: the other lanes' tags leave, the target lane's tag comes (none for the default lane). */
export function movedTags(tags: KanbanTicket['tags'], target: TagView | null, lanes: readonly Pick<TagView, 'id'>[]): KanbanTicket['tags'] {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  const kept = tags.filter((tag) => !laneIds.has(tag.id));
  return target ? [...kept, { id: target.id, name: target.name, color: target.color, kanban: 1 }] : kept;
}

const chipsAsCardTags = (chips: readonly TagChip[], lanes: readonly Pick<TagView, 'id'>[]): KanbanTicket['tags'] => {
  const laneIds = new Set(lanes.map((lane) => lane.id));
  return chips.map((chip) => ({ id: chip.id, name: chip.name, color: chip.color, kanban: laneIds.has(chip.id) ? 1 : 0 }));
};

/** What the board reads of a `ticket` frame's ticket. */
interface FrameTicket {
  id: number;
  uuid: string;
  status: string;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  contactId: number;
  contact: { name: string; number: string } | null;
  lastMessage: string;
  updatedAt: string;
  tags: TagChip[];
}

/**
 * The cards after a `ticket` frame: a deleted or closed ticket, or one that left the viewer's queues or sight,
 * leaves; a known one is replaced; a new one on the board comes first (newest activity).
 */
export function applyKanbanTicketFrame(
  cards: KanbanTicket[],
  frame: Pick<TicketFrame, 'action' | 'ticketId'> & { ticket?: FrameTicket },
  viewer: TicketViewer,
  lanes: readonly Pick<TagView, 'id'>[],
): KanbanTicket[] {
  const { action, ticket, ticketId } = frame;
  const id = ticket?.id ?? ticketId;
  if (typeof id !== 'number') return cards;
  const others = cards.filter((card) => card.id !== id);
  const onBoard =
    action !== 'delete' &&
    ticket &&
    ON_BOARD.has(ticket.status) &&
    (seesAllTickets(viewer) || (ticket.queueId !== null && viewer.queueIds.includes(ticket.queueId))) &&
    canSeeTicket(viewer, { ...ticket, status: ticket.status });
  if (!onBoard) return others.length === cards.length ? cards : others;
  const card: KanbanTicket = {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    queueId: ticket.queueId,
    userId: ticket.userId,
    contactId: ticket.contactId,
    contact: { name: ticket.contact?.name ?? '', number: ticket.contact?.number ?? '' },
    lastMessage: ticket.lastMessage ?? '',
    updatedAt: ticket.updatedAt,
    tags: chipsAsCardTags(ticket.tags ?? [], lanes),
  };
  const index = cards.findIndex((known) => known.id === id);
  if (index >= 0 && Date.parse(cards[index]!.updatedAt) === Date.parse(card.updatedAt)) {
    const next = [...cards];
    next[index] = card;
    return next;
  }
  return [card, ...others];
}

/** The cards after a `contact` frame: that contact's cards take its name, number and tags (a move seen live). */
export function applyKanbanContactFrame(
  cards: KanbanTicket[],
  frame: { action: ContactFrame['action']; contact?: { id: number; name?: string; number?: string; tags?: TagChip[] } },
  lanes: readonly Pick<TagView, 'id'>[],
): KanbanTicket[] {
  const { action, contact } = frame;
  if (action === 'delete' || !contact || !cards.some((card) => card.contactId === contact.id)) return cards;
  return cards.map((card) =>
    card.contactId !== contact.id
      ? card
      : {
          ...card,
          contact: { name: contact.name ?? card.contact.name, number: contact.number ?? card.contact.number },
          tags: contact.tags ? chipsAsCardTags(contact.tags, lanes) : card.tags,
        },
  );
}
