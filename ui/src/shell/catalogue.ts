import { ptBR as common } from '../i18n/common';
import { ptBR as shell } from '../i18n/shell';
import { ptBR as errors } from '../i18n/errors';
import { ptBR as companies } from '../features/companies/texts/ptBR';
import { ptBR as chats } from '../features/chats/texts/ptBR';
import { ptBR as announcements } from '../features/announcements/texts/ptBR';
import { ptBR as passwordReset } from '../features/passwordReset/texts/ptBR';
import { ptBR as connections } from '../features/connections/texts/ptBR';
import { ptBR as contacts } from '../features/contacts/texts/ptBR';
import { ptBR as dashboard } from '../features/dashboard/texts/ptBR';
import { ptBR as financial } from '../features/financial/texts/ptBR';
import { ptBR as helps } from '../features/helps/texts/ptBR';
import { ptBR as home } from '../features/home/texts/ptBR';
import { ptBR as messages } from '../features/messages/texts/ptBR';
import { ptBR as messagesApi } from '../features/messagesApi/texts/ptBR';
import { ptBR as notes } from '../features/notes/texts/ptBR';
import { ptBR as plans } from '../features/plans/texts/ptBR';
import { ptBR as queues } from '../features/queues/texts/ptBR';
import { ptBR as quickMessages } from '../features/quickMessages/texts/ptBR';
import { ptBR as schedules } from '../features/schedules/texts/ptBR';
import { ptBR as session } from '../features/session/texts/ptBR';
import { ptBR as settings } from '../features/settings/texts/ptBR';
import { ptBR as tags } from '../features/tags/texts/ptBR';
import { ptBR as tickets } from '../features/tickets/texts/ptBR';
import { ptBR as todolist } from '../features/todolist/texts/ptBR';
import { ptBR as users } from '../features/users/texts/ptBR';
import { ptBR as onDuty } from '../features/onDuty/texts/ptBR';
import { ptBR as meta } from '../features/meta/texts/ptBR';
import { ptBR as webhooks } from '../features/webhooks/texts/ptBR';
import { ptBR as queueIntegrations } from '../features/queueIntegrations/texts/ptBR';
import { ptBR as prompts } from '../features/prompts/texts/ptBR';
import { ptBR as contactLists } from '../features/contactLists/texts/ptBR';
import { ptBR as campaigns } from '../features/campaigns/texts/ptBR';
import { ptBR as files } from '../features/files/texts/ptBR';

/**
 * Every area's pt-BR texts: the source of the message keys' type, which it hands to i18n below (the app uses this
 * module for types only; its texts reach the app through scripts/textsPlugin.ts, split as i18n/parts.ts says). The
 * shell owns it because it names every feature; a new feature folder adds its texts/ptBR.ts here.
 */
export const defaultTexts = {
  common,
  errors,
  shell,
  companies,
  connections,
  contacts,
  financial,
  helps,
  home,
  messages,
  notes,
  plans,
  queues,
  quickMessages,
  schedules,
  session,
  settings,
  tags,
  tickets,
  todolist,
  users,
  onDuty,
  meta,
  dashboard,
  webhooks,
  queueIntegrations,
  prompts,
  contactLists,
  campaigns,
  files,
  messagesApi,
  chats,
  announcements,
  passwordReset,
} as const;

/** Distributes over the areas: the union of every area's keys. */
type KeysOf<Texts> = Texts extends unknown ? keyof Texts : never;

type AreaKey = Extract<KeysOf<(typeof defaultTexts)[keyof typeof defaultTexts]>, string>;
export type MessageKey = AreaKey;
export type Messages = Record<MessageKey, string>;

// i18n types its keys by this catalogue without importing the features (i18n/keys.ts).
declare module '../i18n/keys' {
  interface Catalogue {
    key: AreaKey;
  }
}

/** One language's texts, every area merged (the message spec checks that no key is defined by two areas). */
export const merge = (areas: ReadonlyArray<Readonly<Record<string, string>>>): Messages => Object.assign({}, ...areas) as Messages;

export const ptBR: Messages = merge(Object.values(defaultTexts));
