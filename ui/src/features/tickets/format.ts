/** The ticket row's text rules. */

/** Contact name and last message are cut to 30 characters. */
export const ROW_TEXT_LIMIT = 30;

/**
 * The first `limit` characters, counted as the reader sees them (an emoji is one), followed by an ellipsis
 * mark when something was cut, so a cut text never reads as a whole one.
 */
export function cut(text: string, limit = ROW_TEXT_LIMIT): string {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('')}…` : text;
}

const pad = (value: number) => String(value).padStart(2, '0');

const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** HH:mm when the last activity was today (local calendar day), otherwise dd/MM/yyyy. */
export function formatTicketTime(iso: string, now: Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (sameDay(at, now)) return `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()}`;
}

export type LastContact = { unit: 'minutes'; value: number } | { unit: 'hours'; value: number } | { unit: 'yesterday' };

/**
 * Time since the last contact (the last-contact badge): whole minutes below 60, then whole hours,
 * then 'Ontem' once 24 hours have passed. A clock slightly behind the server never shows negative minutes.
 */
export function lastContact(iso: string, now: Date): LastContact {
  const elapsedMs = Math.max(0, now.getTime() - new Date(iso).getTime());
  const minutes = Math.floor(elapsedMs / 60_000);
  if (minutes < 60) return { unit: 'minutes', value: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', value: hours };
  return { unit: 'yesterday' };
}

export type LastMessageKind = 'text' | 'location' | 'contact';

/**
 * The server already writes 'Localização' and 'Contato' as the preview of a location or a contact card;
 * previews stored before that rule (or relayed raw by a channel) still carry the payload: a vCard or
 * the location's map thumbnail.
 */
export function lastMessageKind(lastMessage: string): LastMessageKind {
  const text = lastMessage.trimStart();
  if (text.startsWith('BEGIN:VCARD')) return 'contact';
  if (text.startsWith('data:image/png;base64') || text === 'Localização') return 'location';
  if (text === 'Contato') return 'contact';
  return 'text';
}

/** The queue chip shows the queue name in upper case. */
export const queueChipText = (queueName: string) => queueName.toLocaleUpperCase('pt-BR');

/** The contact's name as the ticket screens show it: an erased contact (LGPD) is 'Contato removido #<id>'. */
export const shownContactName = (ticket: { contactId: number; contact: { name: string; erased: boolean } | null }, removed: (id: number) => string): string =>
  ticket.contact?.erased ? removed(ticket.contactId) : (ticket.contact?.name ?? '');
