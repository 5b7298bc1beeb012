import type { ContactBotEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import type { ContactBotState } from './model';

export type ContactBotCommand = { type: 'NoteOutOfHours'; contactId: number } | { type: 'RecordLgpdConsent'; contactId: number; accepted: boolean };

/**
 * What the bot keeps about a contact across tickets (stream `contactbot-<contactId>`): the last
 * out-of-hours notice (at most one per 5 minutes per contact) and the LGPD consent (asked once
 * per contact unless lgpdConsent asks on every ticket). A refusal withdraws an earlier consent.
 */
export const contactBot: Decider<ContactBotState, ContactBotCommand, ContactBotEvent> = {
  initialState: () => ({ lastOutOfHoursAt: null, lgpdAcceptedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'ContactOutOfHoursNotified':
        return { ...state, lastOutOfHoursAt: event.data.at };
      case 'ContactLgpdConsentRecorded':
        return { ...state, lgpdAcceptedAt: event.data.accepted ? event.data.at : null };
    }
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'NoteOutOfHours':
        return [{ type: 'ContactOutOfHoursNotified', data: { contactId: command.contactId, at: now.toISOString() } }];
      case 'RecordLgpdConsent':
        if (command.accepted === (state.lgpdAcceptedAt !== null)) return [];
        return [{ type: 'ContactLgpdConsentRecorded', data: { contactId: command.contactId, accepted: command.accepted, at: now.toISOString() } }];
    }
  },
};
