/**
 * The texts are shipped in three parts per language. `core` is what the app needs to open /tickets and paint the first
 * row: the shell (top bar, side menu with every area's `menu.*` label, not-found page), the common texts, the generic
 * error text, the tickets area and the top bar's chat, announcement and paused-webhooks popovers. `errors` is the error codes' texts:
 * they load with the rest, or on their own when a request first fails before that (app/notify.ts waits for them; the
 * generic and network texts stay in the core for when they cannot load). `rest` is every other text; it loads with the first
 * screen, dialog or pane that is not on that path (`lazy` in ./lazy.ts). texts.spec.ts checks that the modules on
 * the path use core keys only, and error keys only where they wait for them.
 */
const corePrefixes = [
  'app.',
  'common.',
  'language.',
  'theme.',
  'profileKind.',
  'errors.generic',
  'errors.network',
  'shell.',
  'menu.',
  'notFound.',
  'tickets.',
  'chats.popover.',
  'announcements.popover.',
  'announcements.priority.',
  'announcements.validation.required',
  // The top bar's paused-webhooks popover and toast (admins), mounted with the shell.
  'webhooks.notices.',
] as const;

export type TextsPart = 'core' | 'errors' | 'rest';

export const partOf = (key: string): TextsPart =>
  corePrefixes.some((prefix) => key.startsWith(prefix)) ? 'core' : key.startsWith('errors.') ? 'errors' : 'rest';
