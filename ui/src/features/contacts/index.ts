/**
 * Contacts on the conversation screen.
 * - `ContactDrawer` ({ ticket, open, onClose }): the 320 px right drawer; render it beside the MessagesPanel in a
 *   flex row (it overlays the conversation under 900 px).
 * - `ContactFormDialog` ({ open, onClose, initial?, onSaved(contact) }): the contact form.
 * - `ContactPicker`: the 3-character, 500 ms contact search with "create a new contact".
 * - RTK endpoints in ./api (search, read, create, update, block, toggles).
 */
export { ContactDrawer, CONTACT_DRAWER_WIDTH, type ContactDrawerProps } from './ContactDrawer';
export { ContactFormDialog, type ContactFormDialogProps, type ContactFormInitial } from './ContactFormDialog';
export { ContactPicker, useDebounced } from './ContactPicker';
export { formatContactNumber, hidesNumbers } from './number';
export { CONTACT_SEARCH_DELAY_MS, CONTACT_SEARCH_MIN, searchReady, validateContact } from './validation';
export * from './api';
