import { ptBR as common } from './common';
import { ptBR as shell } from './shell';
import { ptBR as errors } from './errors';
import { ptBR as companies } from '../features/companies/messages';
import { ptBR as chats } from '../features/chats/messages';
import { ptBR as announcements } from '../features/announcements/messages';
import { ptBR as passwordReset } from '../features/passwordReset/messages';
import { ptBR as connections } from '../features/connections/messages';
import { ptBR as contacts } from '../features/contacts/messages';
import { ptBR as dashboard } from '../features/dashboard/messages';
import { ptBR as financial } from '../features/financial/messages';
import { ptBR as helps } from '../features/helps/messages';
import { ptBR as home } from '../features/home/messages';
import { ptBR as messages } from '../features/messages/messages';
import { ptBR as messagesApi } from '../features/messagesApi/messages';
import { ptBR as notes } from '../features/notes/messages';
import { ptBR as plans } from '../features/plans/messages';
import { ptBR as queues } from '../features/queues/messages';
import { ptBR as quickMessages } from '../features/quickMessages/messages';
import { ptBR as schedules } from '../features/schedules/messages';
import { ptBR as session } from '../features/session/messages';
import { ptBR as settings } from '../features/settings/messages';
import { ptBR as tags } from '../features/tags/messages';
import { ptBR as tickets } from '../features/tickets/messages';
import { ptBR as todolist } from '../features/todolist/messages';
import { ptBR as users } from '../features/users/messages';
import { ptBR as onDuty } from '../features/onDuty/messages';
import { ptBR as meta } from '../features/meta/messages';
import { ptBR as webhooks } from '../features/webhooks/messages';
import { ptBR as queueIntegrations } from '../features/queueIntegrations/messages';
import { ptBR as prompts } from '../features/prompts/messages';
import { ptBR as contactLists } from '../features/contactLists/messages';
import { ptBR as campaigns } from '../features/campaigns/messages';
import { ptBR as files } from '../features/files/messages';

/**
 * Every area's pt-BR texts: the source of the message keys' type (the app imports this module for types only; its
 * texts reach the app through scripts/textsPlugin.ts, split as ./parts.ts says). A new feature folder adds its
 * messages.ts here.
 */
export const defaultTexts = { common, errors, shell, companies, connections, contacts, financial, helps, home, messages, notes, plans, queues, quickMessages, schedules, session, settings, tags, tickets, todolist, users, onDuty, meta, dashboard, webhooks, queueIntegrations, prompts, contactLists, campaigns, files, messagesApi, chats, announcements, passwordReset } as const;

/** Distributes over the areas: the union of every area's keys. */
type KeysOf<Texts> = Texts extends unknown ? keyof Texts : never;

export type MessageKey = Extract<KeysOf<(typeof defaultTexts)[keyof typeof defaultTexts]>, string>;
export type Messages = Record<MessageKey, string>;

/** One language's texts, every area merged (the message spec checks that no key is defined by two areas). */
export const merge = (areas: ReadonlyArray<Readonly<Record<string, string>>>): Messages => Object.assign({}, ...areas) as Messages;

export const ptBR: Messages = merge(Object.values(defaultTexts));
