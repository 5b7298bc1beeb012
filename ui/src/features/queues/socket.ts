import { useAppDispatch } from '../../app/store';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { QueueFrame, QueueView as Queue } from '@conversa/contracts';
import { queuesApi } from './api';

/** The list's order, as the server sorts it: orderQueue first (unordered after), then name, then id. */
export const byMenuOrder = (a: Queue, b: Queue): number => {
  if (a.orderQueue !== b.orderQueue) {
    if (a.orderQueue === null) return 1;
    if (b.orderQueue === null) return -1;
    return a.orderQueue - b.orderQueue;
  }
  return a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;
};

/** The list after a frame: created and updated queues take their place in menu order, deleted ones leave. */
export function applyQueueFrame(list: readonly Queue[], frame: QueueFrame): Queue[] {
  const { action, queue, queueId } = frame;
  if (action === 'delete') return list.filter((row) => row.id !== queueId);
  if (!queue || typeof queue.id !== 'number') return [...list];
  const { chatbots: _tree, ...row } = queue;
  return [...list.filter((existing) => existing.id !== queue.id), row].sort(byMenuOrder);
}

/** Keeps the queue list and any open queue current with what other admins change. */
export function useQueueFrames(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('queue', (frame) => {
    dispatch(queuesApi.util.updateQueryData('queues', undefined, (draft) => applyQueueFrame(draft, frame)));
    const { action, queue } = frame;
    if (action !== 'delete' && queue) dispatch(queuesApi.util.updateQueryData('queue', queue.id, () => queue));
  });
  useSocketReconnect(() => dispatch(queuesApi.util.invalidateTags(['Queues'])));
}
