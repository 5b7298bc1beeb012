import { describe, expect, it } from 'vitest';
import {
  ackOfStatus,
  jidOfContact,
  LidDirectory,
  mapMessage,
  mapMessageUpdate,
  mapPresence,
  mapReaction,
  mapReceipt,
  type MappingContext,
} from '../src/whatsapp/mapping';
import { mapCall } from '../src/whatsapp/calls';
import { MESSAGE_FIXTURES, protobufPart, recorded, throughTheWire } from './whatsapp-fixtures';

function contextWith(options: Partial<Pick<MappingContext, 'allowGroup' | 'groupAsTicket'>> = {}, lids = new LidDirectory()): MappingContext {
  return {
    allowGroup: options.allowGroup ?? true,
    groupAsTicket: options.groupAsTicket ?? 'disabled',
    phoneOfLid: (lid) => lids.phoneOf(lid),
    groupSubject: (jid) => (jid === '120363025246125486@g.us' ? 'Clientes VIP' : undefined),
  };
}

const upserted = (name: string) => recorded(name, 'messages.upsert').payload.messages;
const only = (name: string, context = contextWith()) => {
  const [message] = upserted(name);
  return mapMessage(message!, context);
};

describe('recorded Baileys payloads', () => {
  it.each(MESSAGE_FIXTURES)('%s is a proto.WebMessageInfo that survives the wire format unchanged', (name) => {
    for (const message of upserted(name)) expect(throughTheWire(message)).toEqual(protobufPart(message));
  });
});

describe('WhatsApp mapping: messages.upsert', () => {
  it('maps plain text from a LID chat to the phone number in remoteJidAlt, with the push name', () => {
    expect(only('text-lid')).toEqual({
      kind: 'message',
      providerId: '3EB0C4F1A2B3D4E5F60718',
      fromMe: false,
      chat: { number: '5511987654321', name: 'Ana Souza', isGroup: false },
      participant: null,
      body: 'Olá, preciso de ajuda com meu pedido',
      mediaType: 'chat',
      media: null,
      location: null,
      quotedProviderId: null,
      at: new Date(1763740800 * 1000),
      groupTicket: false,
    });
  });

  it('the LID and the phone jid of one person map to one number (alt jid, or the pair learned from lid-mapping.update)', () => {
    const lids = new LidDirectory();
    const context = contextWith({}, lids);
    // Without the pair, a bare LID keeps its own digits rather than losing the message.
    expect(only('text-lid-only', context)?.chat.number).toBe('140913951141911');
    const mapping = recorded('lid-mapping', 'lid-mapping.update').payload;
    lids.learn(mapping.lid, mapping.pn);
    expect(only('text-lid-only', context)?.chat).toEqual({ number: '5511987654321', name: 'Ana Souza', isGroup: false });
    expect(only('text-pn-reply', context)?.chat.number).toBe('5511987654321');
    expect(only('text-lid', context)?.chat.number).toBe('5511987654321');
  });

  it('learns pairs from message keys and contacts too', () => {
    const fromKey = new LidDirectory();
    fromKey.learnFromKey(upserted('text-lid')[0]!.key);
    expect(fromKey.phoneOf('140913951141911')).toBe('5511987654321');
    fromKey.learnFromKey(upserted('group-text')[0]!.key);
    expect(fromKey.phoneOf('209987654321098')).toBe('5521998877665');

    const fromContacts = new LidDirectory();
    fromContacts.learnFromContacts([
      { id: '140913951141911@lid', phoneNumber: '5511987654321@s.whatsapp.net' },
      { id: '5521998877665@s.whatsapp.net', lid: '209987654321098@lid' },
    ]);
    expect(fromContacts.phoneOf('140913951141911')).toBe('5511987654321');
    expect(fromContacts.phoneOf('209987654321098')).toBe('5521998877665');
    // A phone jid is never stored as if it were a LID.
    fromContacts.learn('5511987654321@s.whatsapp.net', '140913951141911@lid');
    expect(fromContacts.phoneOf('5511987654321')).toBeUndefined();
  });

  it('a reply names the message it quotes', () => {
    expect(only('text-pn-reply')).toMatchObject({ body: 'Sim, é esse mesmo', mediaType: 'chat', quotedProviderId: '3EB0AABBCCDDEEFF001122' });
  });

  it('media: image with caption, document unwrapped from documentWithCaptionMessage, voice note unwrapped from an ephemeral message', () => {
    const image = only('image');
    expect(image).toMatchObject({ body: 'Foto da nota fiscal', mediaType: 'image', media: { mime: 'image/jpeg', fileName: null } });
    // The handle the session downloads through is the message itself.
    expect(image?.media?.ref.key.id).toBe('3EB0D1D2D3D4D5D6D7D8D9');

    expect(only('document-with-caption')).toMatchObject({
      body: 'Segue o boleto',
      mediaType: 'application',
      media: { mime: 'application/pdf', fileName: 'boleto-novembro.pdf' },
    });
    expect(only('audio-ptt')).toMatchObject({ body: '', mediaType: 'audio', media: { mime: 'audio/ogg; codecs=opus', fileName: null } });
  });

  it('location: coordinates, with name and address as its text', () => {
    expect(only('location')).toMatchObject({
      mediaType: 'locationMessage',
      body: 'MASP - Av. Paulista, 1578 - Bela Vista, São Paulo - SP',
      location: { latitude: -23.5613991, longitude: -46.6565712, name: 'MASP - Av. Paulista, 1578 - Bela Vista, São Paulo - SP' },
      media: null,
    });
  });

  it('contact card: the vCard is the body of a contactMessage', () => {
    const card = only('contact-vcard');
    expect(card?.mediaType).toBe('contactMessage');
    expect(card?.body).toContain('FN:Carlos Lima');
    expect(card?.body).toContain('waid=5521998877665');
  });

  it('groups: the group is the contact (by its id, named by its subject), the member is the participant; groupAsTicket decides the ticket', () => {
    const disabled = only('group-text', contextWith({ groupAsTicket: 'disabled' }));
    expect(disabled).toMatchObject({
      chat: { number: '120363025246125486', name: 'Clientes VIP', isGroup: true },
      participant: { number: '5521998877665', name: 'Carlos Lima' },
      body: 'Bom dia, pessoal',
      groupTicket: true,
    });
    expect(only('group-text', contextWith({ groupAsTicket: 'enabled' }))?.groupTicket).toBe(false);
    // A connection that does not allow groups ignores them.
    expect(only('group-text', contextWith({ allowGroup: false }))).toBeUndefined();
  });

  it('a message the phone itself sent is outbound (fromMe), and our push name does not name the contact', () => {
    expect(only('from-me-phone')).toMatchObject({
      fromMe: true,
      chat: { number: '5511987654321', name: '5511987654321', isGroup: false },
      body: 'Seu pedido saiu para entrega',
    });
  });

  it('ignores status updates, stubs, protocol messages, reactions in upsert (mapped from their own events) and newsletters', () => {
    const messages = upserted('ignored');
    expect(messages).toHaveLength(5);
    expect(messages.map((message) => mapMessage(message, contextWith()))).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});

describe('WhatsApp mapping: updates, receipts, reactions, presence, calls', () => {
  it('status updates of our messages become acks 1–4; a status of the contact’s message is not an ack', () => {
    const events = recorded('acks', 'messages.update').payload.flatMap((update) => mapMessageUpdate(update, contextWith()));
    expect(events).toEqual([
      { kind: 'ack', providerId: '3EB0AABBCCDDEEFF001122', ack: 1 },
      { kind: 'ack', providerId: '3EB0AABBCCDDEEFF001122', ack: 2 },
      { kind: 'ack', providerId: '3EB0AABBCCDDEEFF001122', ack: 3 },
      { kind: 'ack', providerId: '3EB0AABBCCDDEEFF001122', ack: 4 },
    ]);
    expect([0, 1, 2, 3, 4, 5, null].map(ackOfStatus)).toEqual([undefined, 0, 1, 2, 3, 4, undefined]);
  });

  it('group receipts give the furthest state of our message', () => {
    const events = recorded('receipts', 'message-receipt.update').payload.flatMap((receipt) => mapReceipt(receipt, contextWith()));
    expect(events).toEqual([
      { kind: 'ack', providerId: '3EB0123456789ABCDEF012', ack: 2 },
      { kind: 'ack', providerId: '3EB0123456789ABCDEF012', ack: 3 },
    ]);
  });

  it('an edit carries the new text and when it was edited', () => {
    const [update] = recorded('edit', 'messages.update').payload;
    expect(mapMessageUpdate(update!, contextWith())).toEqual([
      { kind: 'edit', providerId: '3EB0C4F1A2B3D4E5F60718', body: 'Olá, preciso de ajuda com o pedido 4521', fromMe: false, at: new Date(1763740920 * 1000) },
    ]);
  });

  it('a revoke deletes the message, by the contact or from our phone', () => {
    const events = recorded('revoke', 'messages.update').payload.flatMap((update) => mapMessageUpdate(update, contextWith()));
    expect(events).toEqual([
      { kind: 'delete', providerId: '3EB0D1D2D3D4D5D6D7D8D9', fromMe: false },
      { kind: 'delete', providerId: '3A5566778899AABBCCDD', fromMe: true },
    ]);
  });

  it('a reaction is a reactionMessage quoting the message it reacts to; removing it records nothing', () => {
    const [added, removed] = recorded('reaction', 'messages.reaction').payload;
    expect(mapReaction(added!, contextWith())).toEqual({
      kind: 'message',
      providerId: '3EB0C0C1C2C3C4C5C6C7D1',
      fromMe: false,
      chat: { number: '5511987654321', name: '5511987654321', isGroup: false },
      participant: null,
      body: '👍',
      mediaType: 'reactionMessage',
      media: null,
      location: null,
      quotedProviderId: '3EB0AABBCCDDEEFF001122',
      at: new Date(1763741603120),
      groupTicket: false,
    });
    expect(mapReaction(removed!, contextWith())).toBeUndefined();
  });

  it('presence: typing (composing) and recording, in the chat of the person, LID resolved', () => {
    const lids = new LidDirectory();
    lids.learn('140913951141911@lid', '5511987654321@s.whatsapp.net');
    const events = recorded('presence', 'presence.update').payload as unknown as Array<Parameters<typeof mapPresence>[0]>;
    expect(events.flatMap((update) => mapPresence(update, contextWith({}, lids)))).toEqual([
      { kind: 'presence', chat: { number: '5511987654321', name: '5511987654321', isGroup: false }, presence: 'composing' },
      { kind: 'presence', chat: { number: '5511987654321', name: '5511987654321', isGroup: false }, presence: 'recording' },
    ]);
  });

  it('calls: an offer is rejected when the company does not take calls, and logged as a call message either way; later states are not', () => {
    const [offer, terminate] = recorded('call-offer', 'call').payload;
    const rejected = mapCall(offer!, contextWith(), false);
    expect(rejected).toMatchObject({
      callId: 'D2A1C0B9E8F7A6B5C4D3E2F1A0B9C8D7',
      from: '140913951141911@lid',
      reject: true,
      message: { providerId: 'call-D2A1C0B9E8F7A6B5C4D3E2F1A0B9C8D7', mediaType: 'call_log', fromMe: false, chat: { number: '5511987654321', isGroup: false } },
    });
    expect(rejected?.message.body).toContain('recusada');
    const accepted = mapCall(offer!, contextWith(), true);
    expect(accepted?.reject).toBe(false);
    expect(accepted?.message.body).toBe('Chamada de voz recebida');
    expect(mapCall(terminate!, contextWith(), false)).toBeUndefined();
  });

  it('contacts are addressed by phone jid, groups by group jid', () => {
    expect(jidOfContact({ number: '5511987654321', isGroup: false })).toBe('5511987654321@s.whatsapp.net');
    expect(jidOfContact({ number: '120363025246125486', isGroup: true })).toBe('120363025246125486@g.us');
  });
});
