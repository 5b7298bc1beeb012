/**
 * Contacts on the conversation screen.
 * - `ContactDrawer` ({ ticket, open, onClose }): the 320 px right drawer; render it beside the MessagesPanel in a
 *   flex row (it overlays the conversation under 900 px).
 * - `ContactPicker`: the 3-character, 500 ms contact search with "create a new contact".
 * - RTK endpoints in ./api (search, read, create, update, block, toggles).
 */
export { ContactDrawer, CONTACT_DRAWER_WIDTH } from './ContactDrawer';
export { ContactPicker, useDebounced } from './ContactPicker';
export * from './api';
