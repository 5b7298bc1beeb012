import { useAppSelector } from '../../app/store';
import { isTicketAdmin } from './access';
import { useQueueOptionsQuery, type QueueOption } from './api';

/** The queues a user may choose: the company's (GET /queue) for transfers and admins, otherwise their own. */
export function useQueueChoices(scope: 'company' | 'mine'): QueueOption[] {
  const user = useAppSelector((state) => state.session.user)!;
  const wantsCompany = scope === 'company' || (isTicketAdmin(user) && user.queues.length === 0);
  const { data } = useQueueOptionsQuery(undefined, { skip: !wantsCompany });
  return wantsCompany && data ? data : user.queues;
}
