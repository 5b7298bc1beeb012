import { z } from 'zod';
import { idList } from '../tickets/api';

/** GET /tickets/sla?ids=1,2,3: the clocks of the tickets a list shows. */
export const TicketSlaQuery = z.object({ ids: idList });
export type TicketSlaQuery = z.infer<typeof TicketSlaQuery>;
