import { errorCodeOf } from '../../app/api';

/** Who holds the contact's open ticket (the POST /tickets failure names user, queue and uuid). */
export interface TicketHolder {
  userId: number | null;
  userName: string | null;
  queueName: string | null;
  uuid: string | null;
}

/**
 * Reads ERR_OTHER_OPEN_TICKET's holder: the server sends the fields beside the code, and the same as a JSON
 * string in `message` (the spec's form). Anything else is not this answer.
 */
export function otherOpenTicketHolder(error: unknown): TicketHolder | null {
  if (errorCodeOf(error) !== 'ERR_OTHER_OPEN_TICKET') return null;
  const data = (error as { data: Record<string, unknown> }).data;
  let source: Record<string, unknown> = data;
  if (!('uuid' in data) && typeof data.message === 'string') {
    try {
      source = JSON.parse(data.message) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    userId: typeof source.userId === 'number' ? source.userId : null,
    userName: text(source.userName),
    queueName: text(source.queueName),
    uuid: text(source.uuid),
  };
}
