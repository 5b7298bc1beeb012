import { z } from 'zod';
import { RecordIdParam, safeText } from '../common/bounds';
import { idList } from '../tickets/api';
import type { TagView } from './views';

/**
 * GET /ticket/kanban: `queueIds` as a JSON list (what the board sends), comma-separated or repeated;
 * the answer never reaches past the user's own queues. `test` is the spec's test flag, accepted and ignored.
 */
export const KanbanTicketsQuery = z.object({
  queueIds: idList,
  test: safeText().max(10).optional(),
});
export type KanbanTicketsQuery = z.infer<typeof KanbanTicketsQuery>;

/** PUT /ticket-tags/{ticketId}/{tagId}. */
export const TicketTagParams = z.object({ ticketId: RecordIdParam, tagId: RecordIdParam });
/** DELETE /ticket-tags/{ticketId}. */
export const TicketIdParams = z.object({ ticketId: RecordIdParam });

/** A card of the board: the ticket, its contact (masked for plain users under LGPD) and its tags. */
export const KanbanTicket = z.object({
  id: z.number(),
  uuid: z.string(),
  status: z.string(),
  queueId: z.number().nullable(),
  userId: z.number().nullable(),
  contactId: z.number(),
  contact: z.object({ name: z.string(), number: z.string() }),
  lastMessage: z.string(),
  updatedAt: z.string(),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string(), kanban: z.union([z.literal(0), z.literal(1)]) })),
});
export type KanbanTicket = z.infer<typeof KanbanTicket>;

/** Tickets the board shows at most (the newest activity first): a board past this is no longer readable. */
export const KANBAN_TICKETS_LIMIT = 10_000;

/** GET /tags: one page and whether another follows. */
export interface TagPage {
  tags: TagView[];
  hasMore: boolean;
}

/** `company-<id>-tag` frame body: the tag on create and update, its id on delete. */
export interface TagFrame {
  action: 'create' | 'update' | 'delete';
  tag?: TagView;
  tagId?: number;
}
