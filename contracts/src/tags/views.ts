import { z } from 'zod';
import { companyRecord, timestamps } from '../common/views';

/** A tag as the API and the `tag` frames show it. */
export const TagView = z
  .object({
    ...companyRecord,
    name: z.string(),
    color: z.string(),
    kanban: z.union([z.literal(0), z.literal(1)]),
    userId: z.number().nullable(),
    /** Tickets (any status, not deleted) of the contacts carrying the tag, 0 when none: a ticket's tags are its contact's. */
    ticketsCount: z.number(),
    ...timestamps,
  })
  .meta({ id: 'TagView' });
export type TagView = z.infer<typeof TagView>;
