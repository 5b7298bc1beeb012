import { useT } from '../../i18n';
import { ratingEmoji } from './extras';
import type { Ticket } from './types';

/** A closed ticket's rating by its contact, as an emoji with "Avaliação: N de 5" as tooltip; nothing otherwise. */
export function TicketRating({ ticket, testId }: { ticket: Pick<Ticket, 'status' | 'userRating'>; testId: string }) {
  const t = useT();
  const emoji = ticket.status === 'closed' ? ratingEmoji(ticket.userRating) : null;
  if (!emoji) return null;
  return (
    <span className="tr-icon" title={t('tickets.rating', { rating: ticket.userRating ?? 0 })} data-testid={testId} data-rating={ticket.userRating}>
      {emoji}
    </span>
  );
}
