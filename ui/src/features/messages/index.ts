/**
 * The conversation of the ticket screen.
 * - `MessagesPanel` ({ ticket }): message list (virtualised, upward infinite scroll), composer, forwarding,
 *   gallery and live `appMessage` frames. `ticket` is the answer of GET /tickets/u/:uuid. It fills the height it is
 *   given (a flex column); put the ContactDrawer (features/contacts) beside it.
 */
export { MessagesPanel } from './MessagesPanel';
