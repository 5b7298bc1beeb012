import { z } from 'zod';
import { QueueWorkSettings, UserStatus } from './events';

/** PUT /queues/:id/work */
export const SetQueueWorkRequest = QueueWorkSettings;
export type SetQueueWorkRequest = z.infer<typeof SetQueueWorkRequest>;

/** PUT /users/me/status */
export const SetUserStatusRequest = z.object({ status: UserStatus });
export type SetUserStatusRequest = z.infer<typeof SetUserStatusRequest>;
