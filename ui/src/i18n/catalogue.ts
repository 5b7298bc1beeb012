import type { Language } from '@conversa/contracts';
import { commonMessages } from './common';
import { shellMessages } from './shell';
import { companiesMessages } from '../features/companies/messages';
import { connectionsMessages } from '../features/connections/messages';
import { contactsMessages } from '../features/contacts/messages';
import { financialMessages } from '../features/financial/messages';
import { helpsMessages } from '../features/helps/messages';
import { homeMessages } from '../features/home/messages';
import { messagesMessages } from '../features/messages/messages';
import { notesMessages } from '../features/notes/messages';
import { plansMessages } from '../features/plans/messages';
import { queuesMessages } from '../features/queues/messages';
import { schedulesMessages } from '../features/schedules/messages';
import { sessionMessages } from '../features/session/messages';
import { settingsMessages } from '../features/settings/messages';
import { ticketsMessages } from '../features/tickets/messages';
import { usersMessages } from '../features/users/messages';

/** Every area's translations; a new feature folder adds its `messages.ts` here. */
export const areas = {
  common: commonMessages,
  shell: shellMessages,
  companies: companiesMessages,
  connections: connectionsMessages,
  contacts: contactsMessages,
  financial: financialMessages,
  helps: helpsMessages,
  home: homeMessages,
  messages: messagesMessages,
  notes: notesMessages,
  plans: plansMessages,
  queues: queuesMessages,
  schedules: schedulesMessages,
  session: sessionMessages,
  settings: settingsMessages,
  tickets: ticketsMessages,
  users: usersMessages,
} as const;

type Area = (typeof areas)[keyof typeof areas];
/** Distributes over the areas: the union of every area's keys. */
type KeysOf<A> = A extends { 'pt-BR': infer Texts } ? keyof Texts : never;

export type MessageKey = KeysOf<Area> & string;
export type Messages = Record<MessageKey, string>;

/** One language's texts, every area merged (the spec checks that no key is defined by two areas). */
export const messagesFor = (language: Language): Messages => Object.assign({}, ...Object.values(areas).map((area) => area[language])) as Messages;
