import { useAppDispatch } from '../../app/store';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import type { ContactFrame } from '@conversa/contracts';
import { contactsApi } from './api';

/** Applies a contact frame to the cached contact it names (the drawer follows changes made elsewhere). */
export function applyContactFrame(dispatch: ReturnType<typeof useAppDispatch>, frame: unknown): void {
  const { action, contact } = (frame ?? {}) as ContactFrame;
  if (action === 'delete' || !contact || typeof contact.id !== 'number') return;
  dispatch(contactsApi.util.updateQueryData('contact', contact.id, () => contact));
}

export function useContactFrames(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('contact', (frame) => applyContactFrame(dispatch, frame));
  useSocketReconnect(() => dispatch(contactsApi.util.invalidateTags(['Contacts'])));
}
