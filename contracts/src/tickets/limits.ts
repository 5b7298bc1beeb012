/**
 * Counts of lists filtered beyond what read.ticket_counts keeps (search, tags, days, unread) stop at
 * this many: counting walks the filtered rows, and a badge need not say more than "10000+". In a module without
 * zod: the ticket list imports it, and views.ts would bring every schema into the list's first paint.
 */
export const TICKETS_COUNT_CAP = 10_000;
