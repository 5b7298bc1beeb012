import { useAppDispatch } from '../../app/store';
import { useSocketEvent, useSocketJoin, useSocketReconnect } from '../../app/SocketProvider';
import { messagesApi } from './api';
import { applyMessage, frameMessageFor } from './model';
import type { Message } from './types';

/**
 * Live updates on the open conversation: `company-<id>-appMessage` frames (create, update, delete) are
 * applied to the cached pages of this ticket; `onCreated` hears of messages new to the list (to scroll to them).
 * Frames missed while the socket was down are recovered by refetching the conversation after a reconnect.
 */
export function useMessageFrames(ticketId: number, onCreated: (message: Message) => void): void {
  const dispatch = useAppDispatch();
  useSocketJoin({ event: 'joinChatBox', data: String(ticketId) });
  useSocketEvent('appMessage', (frame) => {
    const found = frameMessageFor(ticketId, frame);
    if (!found) return;
    let isNew = false;
    dispatch(
      messagesApi.util.updateQueryData('messages', ticketId, (draft) => {
        isNew = applyMessage(draft, found.message);
      }),
    );
    if (isNew) onCreated(found.message);
  });
  useSocketReconnect(() => dispatch(messagesApi.util.invalidateTags([{ type: 'Messages', id: ticketId }])));
}
