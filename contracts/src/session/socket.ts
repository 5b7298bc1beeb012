import { z } from 'zod';

/** The ticket tabs a socket can follow; one at a time, like the tabs. */
export const TicketStatusRoom = z.enum(['open', 'pending', 'closed', 'group', 'lgpd', 'nps']);
export type TicketStatusRoom = z.infer<typeof TicketStatusRoom>;

// Ticket ids travel as numbers or as the uuid of the /tickets/{uuid} route; either way they end up
// in a room name, so anything beyond a plain id shape is refused rather than escaped.
const TicketRef = z.union([z.number().int().positive().transform(String), z.string().regex(/^[A-Za-z0-9-]{1,64}$/)]);

/** A frame's place in its company's gap-free sequence (projector frames only; 0: before the company's first). */
export const FrameSeq = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

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
  // `resume`: on a reconnect, the last company frame sequence the browser saw; the edge sends what it missed since.
  z.object({ event: z.literal('authenticate'), data: z.string().min(1).max(4096), resume: FrameSeq.optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
/** What the browser sends (a ticket id may be a number; the edge turns it into text). */
export type ClientMessageBody = z.input<typeof ClientMessage>;

/** The edge's frame once a socket's first `authenticate` is accepted: from then on it gets its company's frames. */
export const SOCKET_AUTHENTICATED_FRAME = { event: 'authenticated' } as const;

/**
 * What the edge sends (docs/ARCHITECTURE.md "The websocket protocol"): `event` is
 * `company-<id>-<entity>`, `data` the entity's frame body, `seq` its place in the company's gap-free
 * sequence when a projector made it (presence and the like have none), and `correlationId` the id of
 * the request (or other cause) whose events produced it, when one did (the same id as the request's
 * X-Correlation-Id answer and its log lines; docs/observability.md).
 */
export const CompanyFrame = z.object({ event: z.string(), data: z.unknown(), seq: FrameSeq.optional(), correlationId: z.string().optional() });
export type CompanyFrame = z.infer<typeof CompanyFrame>;

/** A company frame with its body typed. */
export type SocketFrame<T = unknown> = Omit<CompanyFrame, 'data'> & { data: T };

/**
 * The socket's own frames: `authenticated` (with `seq`, the company's sequence the socket starts
 * after, unless it resumed), and `refetch` when a resume asked for frames the window no longer
 * holds: the browser reads its lists again instead, and goes on after `seq`.
 */
export const EdgeFrame = z.discriminatedUnion('event', [
  z.object({ event: z.literal('authenticated'), seq: FrameSeq.optional() }),
  z.object({ event: z.literal('refetch'), seq: FrameSeq.optional() }),
]);
export type EdgeFrame = z.infer<typeof EdgeFrame>;

export const ServerFrame = z.union([EdgeFrame, CompanyFrame]);
export type ServerFrame = z.infer<typeof ServerFrame>;
