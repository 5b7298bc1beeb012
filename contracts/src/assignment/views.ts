import { z } from 'zod';
import { RecordId } from '../common/bounds';
import { QueueWorkSettings, UserStatus } from './events';

/** GET/PUT /queues/:id/work */
export const QueueWorkView = QueueWorkSettings.extend({ queueId: RecordId });
export type QueueWorkView = z.infer<typeof QueueWorkView>;

/** GET/PUT /users/me/status */
export const UserStatusView = z.object({ userId: RecordId, status: UserStatus });
export type UserStatusView = z.infer<typeof UserStatusView>;
