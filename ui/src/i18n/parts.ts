/**
 * The texts are shipped in two parts per language. `core` is what the app needs to open /tickets and paint the first
 * row: the shell (top bar, side menu with every area's `menu.*` label, not-found page), the common texts, the error
 * codes (any request may raise one), the tickets area and the top bar's chat and announcement popovers. `rest` is every
 * other text; it loads with the first screen, dialog or pane that is not on that path (`lazy` in ./lazy.ts).
 * texts.spec.ts checks that the modules on the path use core keys only.
 */
const corePrefixes = [
  'app.',
  'common.',
  'language.',
  'theme.',
  'profileKind.',
  'errors.',
  'shell.',
  'menu.',
  'notFound.',
  'tickets.',
  'chats.popover.',
  'announcements.popover.',
  'announcements.priority.',
  'announcements.validation.required',
] as const;

export type TextsPart = 'core' | 'rest';

export const partOf = (key: string): TextsPart => (corePrefixes.some((prefix) => key.startsWith(prefix)) ? 'core' : 'rest');
