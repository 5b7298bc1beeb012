import { useAppDispatch } from '../../app/store';
import { useSocketEvent, useSocketReconnect } from '../../app/SocketProvider';
import { contactsApi, type Contact } from './api';

/** `company-<id>-contact` frame body: `{ action, contact }` (or `{ action: 'delete', contactId }`). */
interface ContactFrame {
  action?: string;
  contact?: Contact;
  contactId?: number;
}

/** Applies a contact frame to the cached contact it names (the drawer follows changes made elsewhere). */
export function applyContactFrame(dispatch: ReturnType<typeof useAppDispatch>, frame: unknown): void {
  const { action, contact } = (frame ?? {}) as ContactFrame;
  if (!contact || typeof contact.id !== 'number' || action === 'delete') return;
  dispatch(contactsApi.util.updateQueryData('contact', contact.id, () => contact));
}

export function useContactFrames(): void {
  const dispatch = useAppDispatch();
  useSocketEvent('contact', (frame) => applyContactFrame(dispatch, frame));
  useSocketReconnect(() => dispatch(contactsApi.util.invalidateTags(['Contacts'])));
}
