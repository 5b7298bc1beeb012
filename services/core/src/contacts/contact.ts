import { DomainError, type Channel, type ContactDetails, type ContactEvent, type ContactNumberEvent } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Contact =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      contactId: number;
      details: ContactDetails;
      channel: Channel;
      isGroup: boolean;
      disableBot: boolean;
      acceptAudioMessage: boolean;
      /** false: blocked. */
      active: boolean;
      tagIds: number[];
    }
  /** LGPD erasure: nothing personal is kept, and the contact takes no more changes (ERR_CONTACT_ERASED). */
  | { status: 'erased'; contactId: number };

/** What an attendant may change on a contact in one go (the contact form). */
export type ContactChanges = Partial<ContactDetails> & { disableBot?: boolean; acceptAudioMessage?: boolean };

export type ContactCommand =
  | {
      type: 'CreateContact';
      contactId: number;
      details: ContactDetails;
      channel: Channel;
      isGroup: boolean;
      disableBot?: boolean;
      acceptAudioMessage?: boolean;
    }
  | { type: 'ChangeContactDetails'; changes: ContactChanges }
  | { type: 'SetContactActive'; active: boolean }
  | { type: 'ToggleContactBot' }
  | { type: 'ToggleContactAudio' }
  | { type: 'SetContactTags'; tagIds: number[] }
  | { type: 'DeleteContact' }
  /** `numberDigest`: the contact's number's (NumberDigest), by which the lists' and campaigns' rows of the number are scrubbed. */
  | { type: 'EraseContact'; erasedBy: number; reason: string; numberDigest?: string };

/** A new contact talks to the bot and may send audio until someone says otherwise. */
export const NEW_CONTACT_DEFAULTS = { disableBot: false, acceptAudioMessage: true, active: true } as const;

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value) => b.includes(value));

export const contact: Decider<Contact, ContactCommand, ContactEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ContactCreated') {
      const { contactId, channel, isGroup, disableBot, acceptAudioMessage, active, ...details } = event.data;
      return { status: 'active', contactId, details, channel, isGroup, disableBot, acceptAudioMessage, active, tagIds: [] };
    }
    if (event.type === 'ContactErased') return { status: 'erased', contactId: event.data.contactId };
    if (state.status === 'none' || state.status === 'erased') return state;
    switch (event.type) {
      case 'ContactDetailsChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'ContactBlocked':
        return { ...state, active: false };
      case 'ContactUnblocked':
        return { ...state, active: true };
      case 'ContactBotToggled':
        return { ...state, disableBot: event.data.disableBot };
      case 'ContactAudioToggled':
        return { ...state, acceptAudioMessage: event.data.acceptAudioMessage };
      case 'ContactTagsChanged':
        return { ...state, tagIds: event.data.tagIds };
      case 'ContactDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command, { now }) {
    if (state.status === 'erased') throw new DomainError('ERR_CONTACT_ERASED');
    if (command.type === 'CreateContact') {
      // Creation is idempotent: whoever finishes a creation in flight (findOrCreateContact) writes the same event.
      if (state.status === 'active') return [];
      if (state.status === 'deleted') throw new DomainError('ERR_NO_CONTACT_FOUND');
      const { contactId, details, channel, isGroup } = command;
      return [
        {
          type: 'ContactCreated',
          data: {
            contactId,
            ...details,
            channel,
            isGroup,
            disableBot: command.disableBot ?? NEW_CONTACT_DEFAULTS.disableBot,
            acceptAudioMessage: command.acceptAudioMessage ?? NEW_CONTACT_DEFAULTS.acceptAudioMessage,
            active: NEW_CONTACT_DEFAULTS.active,
          },
        },
      ];
    }
    if (command.type === 'EraseContact') {
      // A deleted contact is still named by its tickets and the log: the law applies to it as well.
      if (state.status === 'none') throw new DomainError('ERR_NO_CONTACT_FOUND');
      const { erasedBy, reason, numberDigest } = command;
      const digest = numberDigest ? { numberDigest } : {};
      return [{ type: 'ContactErased', data: { contactId: state.contactId, erasedBy, reason, erasedAt: now.toISOString(), ...digest } }];
    }
    if (state.status !== 'active') throw new DomainError('ERR_NO_CONTACT_FOUND');
    const { contactId } = state;
    switch (command.type) {
      case 'ChangeContactDetails': {
        const { disableBot, acceptAudioMessage, ...proposed } = command.changes;
        const changes = changedFields(state.details, proposed);
        const events: ContactEvent[] = [];
        if (Object.keys(changes).length > 0) events.push({ type: 'ContactDetailsChanged', data: { contactId, changes } });
        if (disableBot !== undefined && disableBot !== state.disableBot) events.push({ type: 'ContactBotToggled', data: { contactId, disableBot } });
        if (acceptAudioMessage !== undefined && acceptAudioMessage !== state.acceptAudioMessage) {
          events.push({ type: 'ContactAudioToggled', data: { contactId, acceptAudioMessage } });
        }
        return events;
      }
      case 'SetContactActive':
        if (command.active === state.active) return [];
        return [{ type: command.active ? 'ContactUnblocked' : 'ContactBlocked', data: { contactId } }];
      case 'ToggleContactBot':
        return [{ type: 'ContactBotToggled', data: { contactId, disableBot: !state.disableBot } }];
      case 'ToggleContactAudio':
        return [{ type: 'ContactAudioToggled', data: { contactId, acceptAudioMessage: !state.acceptAudioMessage } }];
      case 'SetContactTags': {
        const tagIds = [...new Set(command.tagIds)].sort((a, b) => a - b);
        return sameSet(tagIds, state.tagIds) ? [] : [{ type: 'ContactTagsChanged', data: { contactId, tagIds } }];
      }
      case 'DeleteContact':
        return [{ type: 'ContactDeleted', data: { contactId } }];
    }
  },
};

export type ContactNumberClaim = { ownerId: number | null; claimedAt: string | null };
export type ContactNumberCommand =
  { type: 'ClaimContactNumber'; key: string; contactId: number } | { type: 'ReleaseContactNumber'; key: string; contactId: number };

/**
 * Guard aggregate per (company, number key): concurrent creators of one number → exactly one owner.
 * A refused claim names the owner (`details.contactId`), so a finder can use that contact instead.
 */
export const contactNumberGuard: Decider<ContactNumberClaim, ContactNumberCommand, ContactNumberEvent> = {
  initialState: () => ({ ownerId: null, claimedAt: null }),
  evolve(_state, event) {
    return event.type === 'ContactNumberClaimed' ? { ownerId: event.data.contactId, claimedAt: event.data.claimedAt } : { ownerId: null, claimedAt: null };
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'ClaimContactNumber':
        if (state.ownerId === command.contactId) return [];
        if (state.ownerId !== null) throw new DomainError('ERR_DUPLICATED_CONTACT', undefined, { contactId: state.ownerId });
        return [{ type: 'ContactNumberClaimed', data: { key: command.key, contactId: command.contactId, claimedAt: now.toISOString() } }];
      case 'ReleaseContactNumber':
        return state.ownerId === command.contactId ? [{ type: 'ContactNumberReleased', data: { key: command.key, contactId: command.contactId } }] : [];
    }
  },
};
