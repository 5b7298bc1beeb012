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

/** What a browser may send (docs/ARCHITECTURE.md "The websocket protocol"). Anything else is ignored. */
export const ClientMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('joinNotification') }),
  z.object({ event: z.literal('joinTickets'), data: TicketStatusRoom }),
  z.object({ event: z.literal('leaveTickets'), data: TicketStatusRoom }),
  z.object({ event: z.literal('joinChatBox'), data: TicketRef }),
  z.object({ event: z.literal('leaveChatBox') }),
  z.object({ event: z.literal('userStatus') }),
  // A fresh access token after the browser's refresh: the socket keeps its rooms past the old token's expiry.
  z.object({ event: z.literal('authenticate'), data: z.string().min(1).max(4096) }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export const rooms = {
  notification: 'notification',
  status: (status: TicketStatusRoom) => `status:${status}`,
  ticket: (ticketId: string | number) => `ticket:${ticketId}`,
} as const;

/** Returns null for anything that is not one valid client message: binary, non-JSON, unknown shape. */
export function parseClientMessage(raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  const text = Buffer.isBuffer(raw)
    ? raw.toString('utf8')
    : Array.isArray(raw)
      ? Buffer.concat(raw).toString('utf8')
      : Buffer.from(raw).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const result = ClientMessage.safeParse(json);
  return result.success ? result.data : null;
}

const companyPrefix = 'company.';

/**
 * Splits `company.<id>.<entity>` without allocating token arrays: this runs once per bus message
 * on the hot path. The entity is everything after the id, so `company.7.chat-user-3` is entity
 * `chat-user-3` and becomes the spec's event `company-7-chat-user-3`.
 */
export function parseCompanySubject(subject: string): { companyId: number; entity: string } | null {
  if (!subject.startsWith(companyPrefix)) return null;
  const dot = subject.indexOf('.', companyPrefix.length);
  if (dot < 0 || dot === subject.length - 1) return null;
  const idText = subject.slice(companyPrefix.length, dot);
  const companyId = Number(idText);
  // Canonical decimal only, so `company.07.x` and `company.7.x` cannot name two rooms of one company.
  if (!Number.isSafeInteger(companyId) || companyId <= 0 || String(companyId) !== idText) return null;
  return { companyId, entity: subject.slice(dot + 1) };
}
