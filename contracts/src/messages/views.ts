import type { z } from 'zod';
import type { Location } from './events';

/** Where a location message points (`MessageReceived.location`). */
export type MessageLocation = z.infer<typeof Location>;

/** Who wrote a message in a group conversation. */
export interface MessageParticipant {
  name: string;
  number: string;
}
