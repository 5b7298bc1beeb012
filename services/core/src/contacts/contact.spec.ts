import type { ContactEvent } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { fold } from '../commands/decider';
import { spec } from '../commands/spec';
import { contact, contactNumberGuard } from './contact';

const details = { name: 'Ana', number: '5511987654321', email: '', profilePicUrl: null, extraInfo: [] };
const created: ContactEvent = {
  type: 'ContactCreated',
  data: { contactId: 7, ...details, channel: 'whatsapp', isGroup: false, disableBot: false, acceptAudioMessage: true, active: true },
};
const deleted: ContactEvent = { type: 'ContactDeleted', data: { contactId: 7 } };

describe('contact decider', () => {
  it('creates an active contact that talks to the bot and accepts audio', () => {
    spec(contact).given([]).when({ type: 'CreateContact', contactId: 7, details, channel: 'whatsapp', isGroup: false }).then([created]);
  });

  it('takes the bot and audio choices given at creation', () => {
    spec(contact)
      .given([])
      .when({ type: 'CreateContact', contactId: 7, details, channel: 'whatsapp', isGroup: false, disableBot: true, acceptAudioMessage: false })
      .thenState((state) => expect(state).toMatchObject({ disableBot: true, acceptAudioMessage: false, active: true }));
  });

  it('creates once: finishing a creation that already landed writes nothing', () => {
    spec(contact)
      .given([created])
      .when({ type: 'CreateContact', contactId: 7, details: { ...details, name: 'Other' }, channel: 'whatsapp', isGroup: false })
      .then([]);
  });

  it('does not bring a deleted contact back', () => {
    spec(contact)
      .given([created, deleted])
      .when({ type: 'CreateContact', contactId: 7, details, channel: 'whatsapp', isGroup: false })
      .thenThrows('ERR_NO_CONTACT_FOUND');
  });

  it('records only the details that changed, and bot and audio choices as their own facts', () => {
    spec(contact)
      .given([created])
      .when({ type: 'ChangeContactDetails', changes: { name: 'Ana', email: 'ana@example.com', disableBot: true, acceptAudioMessage: true } })
      .then([
        { type: 'ContactDetailsChanged', data: { contactId: 7, changes: { email: 'ana@example.com' } } },
        { type: 'ContactBotToggled', data: { contactId: 7, disableBot: true } },
      ]);
  });

  it('produces nothing when nothing changed', () => {
    spec(contact)
      .given([created])
      .when({ type: 'ChangeContactDetails', changes: { name: 'Ana', extraInfo: [] } })
      .then([]);
  });

  it('blocks and unblocks, and ignores a block of a blocked contact', () => {
    spec(contact)
      .given([created])
      .when({ type: 'SetContactActive', active: false })
      .then([{ type: 'ContactBlocked', data: { contactId: 7 } }]);
    spec(contact)
      .given([created, { type: 'ContactBlocked', data: { contactId: 7 } }])
      .when({ type: 'SetContactActive', active: false })
      .then([]);
    spec(contact)
      .given([created, { type: 'ContactBlocked', data: { contactId: 7 } }])
      .when({ type: 'SetContactActive', active: true })
      .then([{ type: 'ContactUnblocked', data: { contactId: 7 } }]);
  });

  it('toggles the bot and audio from their current value', () => {
    spec(contact)
      .given([created])
      .when({ type: 'ToggleContactBot' })
      .then([{ type: 'ContactBotToggled', data: { contactId: 7, disableBot: true } }]);
    spec(contact)
      .given([created, { type: 'ContactBotToggled', data: { contactId: 7, disableBot: true } }])
      .when({ type: 'ToggleContactBot' })
      .then([{ type: 'ContactBotToggled', data: { contactId: 7, disableBot: false } }]);
    spec(contact)
      .given([created])
      .when({ type: 'ToggleContactAudio' })
      .then([{ type: 'ContactAudioToggled', data: { contactId: 7, acceptAudioMessage: false } }]);
  });

  it('sets the tags as a set: sorted, without repeats, nothing when unchanged', () => {
    spec(contact)
      .given([created])
      .when({ type: 'SetContactTags', tagIds: [5, 2, 5] })
      .then([{ type: 'ContactTagsChanged', data: { contactId: 7, tagIds: [2, 5] } }]);
    spec(contact)
      .given([created, { type: 'ContactTagsChanged', data: { contactId: 7, tagIds: [2, 5] } }])
      .when({ type: 'SetContactTags', tagIds: [5, 2] })
      .then([]);
    spec(contact)
      .given([created, { type: 'ContactTagsChanged', data: { contactId: 7, tagIds: [2, 5] } }])
      .when({ type: 'SetContactTags', tagIds: [] })
      .then([{ type: 'ContactTagsChanged', data: { contactId: 7, tagIds: [] } }]);
  });

  it('refuses any change to a missing or deleted contact', () => {
    spec(contact).given([]).when({ type: 'ToggleContactBot' }).thenThrows('ERR_NO_CONTACT_FOUND');
    spec(contact)
      .given([created, deleted])
      .when({ type: 'ChangeContactDetails', changes: { name: 'Bia' } })
      .thenThrows('ERR_NO_CONTACT_FOUND');
    spec(contact).given([created, deleted]).when({ type: 'DeleteContact' }).thenThrows('ERR_NO_CONTACT_FOUND');
  });

  it('deletes a contact', () => {
    spec(contact).given([created]).when({ type: 'DeleteContact' }).then([deleted]);
  });
});

describe('contact erasure (LGPD)', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  const erased: ContactEvent = { type: 'ContactErased', data: { contactId: 7, erasedBy: 1, reason: 'Pedido do titular', erasedAt: now.toISOString() } };
  const erase = { type: 'EraseContact', erasedBy: 1, reason: 'Pedido do titular' } as const;

  it('erases a contact, recording who, when and why', () => {
    spec(contact).given([created]).when(erase, now).then([erased]);
  });

  it('erases a deleted contact too: its tickets and the log still name it', () => {
    spec(contact).given([created, deleted]).when(erase, now).then([erased]);
  });

  it('refuses to erase a contact that never existed', () => {
    spec(contact).given([]).when(erase, now).thenThrows('ERR_NO_CONTACT_FOUND');
  });

  it('keeps nothing personal in its state', () => {
    spec(contact).given([created, erased]).when({ type: 'ToggleContactBot' }).thenThrows('ERR_CONTACT_ERASED');
    expect(fold(contact, [created, erased])).toEqual({ status: 'erased', contactId: 7 });
  });

  it('refuses a second erasure and any later change, creation included', () => {
    spec(contact).given([created, erased]).when(erase, now).thenThrows('ERR_CONTACT_ERASED');
    spec(contact)
      .given([created, erased])
      .when({ type: 'ChangeContactDetails', changes: { name: 'Bia' } })
      .thenThrows('ERR_CONTACT_ERASED');
    spec(contact).given([created, erased]).when({ type: 'DeleteContact' }).thenThrows('ERR_CONTACT_ERASED');
    spec(contact)
      .given([created, erased])
      .when({ type: 'CreateContact', contactId: 7, details, channel: 'whatsapp', isGroup: false })
      .thenThrows('ERR_CONTACT_ERASED');
  });
});

describe('contact number guard', () => {
  const now = new Date('2026-03-01T10:00:00.000Z');
  const claimed = { type: 'ContactNumberClaimed', data: { key: '5511987654321', contactId: 7, claimedAt: now.toISOString() } } as const;

  it('lets the first contact have the number', () => {
    spec(contactNumberGuard).given([]).when({ type: 'ClaimContactNumber', key: '5511987654321', contactId: 7 }, now).then([claimed]);
  });

  it('refuses a second contact, naming the owner', () => {
    spec(contactNumberGuard)
      .given([claimed])
      .when({ type: 'ClaimContactNumber', key: '5511987654321', contactId: 8 })
      .thenThrows('ERR_DUPLICATED_CONTACT', { contactId: 7 });
  });

  it('lets the owner claim again without a new fact', () => {
    spec(contactNumberGuard).given([claimed]).when({ type: 'ClaimContactNumber', key: '5511987654321', contactId: 7 }).then([]);
  });

  it('frees the number only when its owner releases it', () => {
    spec(contactNumberGuard).given([claimed]).when({ type: 'ReleaseContactNumber', key: '5511987654321', contactId: 8 }).then([]);
    spec(contactNumberGuard)
      .given([claimed, { type: 'ContactNumberReleased', data: { key: '5511987654321', contactId: 7 } }])
      .when({ type: 'ClaimContactNumber', key: '5511987654321', contactId: 8 }, now)
      .then([{ type: 'ContactNumberClaimed', data: { key: '5511987654321', contactId: 8, claimedAt: now.toISOString() } }]);
  });
});
