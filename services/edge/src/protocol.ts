import { ClientMessage, type TicketStatusRoom } from '@conversa/contracts';

// The client messages are the contracts' (the browser sends them); the edge parses with them.
export { ClientMessage, TicketStatusRoom } from '@conversa/contracts';

export const rooms = {
  notification: 'notification',
  status: (status: TicketStatusRoom) => `status:${status}`,
  ticket: (ticketId: string | number) => `ticket:${ticketId}`,
} as const;

/** Returns null for anything that is not one valid client message: binary, non-JSON, unknown shape. */
export function parseClientMessage(raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ClientMessage | null {
  if (isBinary) return null;
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : Array.isArray(raw) ? Buffer.concat(raw).toString('utf8') : Buffer.from(raw).toString('utf8');
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
