/** A tag as the API and the `tag` frames show it. */
export interface TagView {
  id: number;
  companyId: number;
  name: string;
  color: string;
  kanban: 0 | 1;
  userId: number | null;
  /** Tickets (any status, not deleted) of the contacts carrying the tag, 0 when none: a ticket's tags are its contact's. */
  ticketsCount: number;
  createdAt: string;
  updatedAt: string;
}
