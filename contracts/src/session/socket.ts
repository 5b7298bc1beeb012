import { z } from 'zod';

/** The ticket tabs a socket can follow; one at a time, like the tabs. */
export const TicketStatusRoom = z.enum(['open', 'pending', 'closed', 'group', 'lgpd', 'nps']);
export type TicketStatusRoom = z.infer<typeof TicketStatusRoom>;

// Ticket ids travel as numbers or as the uuid of the /tickets/{uuid} route; either way they end up
// in a room name, so anything beyond a plain id shape is refused rather than escaped.
const TicketRef = z.union([
  z.number().int().positive().transform(String),
  z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
]);

/** What a browser may send on the socket (docs/ARCHITECTURE.md "The websocket protocol"). Anything else is ignored. */
export const ClientMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('joinNotification') }),
  z.object({ event: z.literal('joinTickets'), data: TicketStatusRoom }),
  z.object({ event: z.literal('leaveTickets'), data: TicketStatusRoom }),
  z.object({ event: z.literal('joinChatBox'), data: TicketRef }),
  z.object({ event: z.literal('leaveChatBox') }),
  z.object({ event: z.literal('userStatus') }),
  // Whether the tab shows the page (document.visibilityState): pushes go to a user only while none of her tabs does.
  z.object({ event: z.literal('visibility'), data: z.enum(['visible', 'hidden']) }),
  // The access token: a socket's first message (never the URL, which logs keep), and again with a fresh token
  // after the browser's refresh, so the socket keeps its rooms past the old token's expiry.
  z.object({ event: z.literal('authenticate'), data: z.string().min(1).max(4096) }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
/** What the browser sends (a ticket id may be a number; the edge turns it into text). */
export type ClientMessageBody = z.input<typeof ClientMessage>;

/** The edge's frame once a socket's first `authenticate` is accepted: from then on it gets its company's frames. */
export const SOCKET_AUTHENTICATED_FRAME = { event: 'authenticated' } as const;

/**
 * A frame the edge sends: `event` is `company-<id>-<entity>`, `data` the entity's frame body, and
 * `correlationId` the id of the request (or other cause) whose events produced it, when one did
 * (the same id as the request's X-Correlation-Id answer and its log lines; docs/observability.md).
 */
export interface SocketFrame<T = unknown> {
  event: string;
  data: T;
  correlationId?: string;
}
