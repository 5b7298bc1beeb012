import { describe, expect, it } from 'vitest';
import { isValidWebhookSignature, signWebhookBody } from '../src/meta/signature';
import { mapWebhook, MetaWebhookPayload } from '../src/meta/webhook';
import { metaFixture } from './meta-fixtures';

const deliveries = (name: string, appId?: string) => mapWebhook(MetaWebhookPayload.parse(JSON.parse(metaFixture(name))), { appId });

describe('Meta webhook signature (X-Hub-Signature-256)', () => {
  const body = Buffer.from(metaFixture('messenger'));
  it('accepts the HMAC-SHA256 of the raw body keyed by the app secret, and nothing else', () => {
    const signature = signWebhookBody(body, 'app-secret');
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(isValidWebhookSignature(body, signature, 'app-secret')).toBe(true);
    expect(isValidWebhookSignature(body, signature.toUpperCase().replace('SHA256=', 'sha256='), 'app-secret')).toBe(true);
    // Another secret, another body (one byte), a missing or malformed header, an unconfigured secret.
    expect(isValidWebhookSignature(body, signature, 'other-secret')).toBe(false);
    expect(isValidWebhookSignature(Buffer.concat([body, Buffer.from(' ')]), signature, 'app-secret')).toBe(false);
    expect(isValidWebhookSignature(body, undefined, 'app-secret')).toBe(false);
    expect(isValidWebhookSignature(body, 'sha1=abc', 'app-secret')).toBe(false);
    expect(isValidWebhookSignature(body, signature, '')).toBe(false);
    // Re-serialised JSON is not what Meta signed.
    expect(isValidWebhookSignature(Buffer.from(JSON.stringify(JSON.parse(body.toString()))), signature, 'app-secret')).toBe(false);
  });
});

describe('Meta webhook mapping: Messenger', () => {
  const [page] = deliveries('messenger', '1234567890');
  const events = page!.events;

  it('names the page the delivery is for', () => {
    expect(page).toMatchObject({ channel: 'facebook', accountId: '104857600000001' });
  });

  it('text, files (one message each; the text stays with the first), a place, postbacks', () => {
    const messages = events.filter((event) => event.kind === 'message');
    expect(messages.map((message) => [message.providerId, message.fromMe, message.mediaType, message.body, message.quotedProviderId])).toEqual([
      ['m_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', false, 'chat', 'Oi, vocês entregam em Campinas?', null],
      ['m_photo0000000000000000000000000000001', false, 'image', 'Essa aqui', 'm_OUR_ANSWER_1'],
      ['m_photo0000000000000000000000000000001:1', false, 'application', '', 'm_OUR_ANSWER_1'],
      ['m_place0000000000000000000000000000001', false, 'locationMessage', 'Minha casa', null],
      // The page's inbox answered (an echo without our app id): recorded as sent elsewhere.
      ['m_echo_from_inbox_000000000000000000001', true, 'chat', 'Entregamos sim!', null],
      ['reaction-m_OUR_ANSWER_1-6543210987654321-1763740940000', false, 'reactionMessage', '❤️', 'm_OUR_ANSWER_1'],
      ['m_postback00000000000000000000000000001', false, 'chat', 'Falar com atendente', null],
    ]);
    const [, photo, file, place, echo] = messages;
    expect(photo).toMatchObject({
      chat: { number: '6543210987654321', isGroup: false },
      media: { ref: { kind: 'url', url: '{{CDN}}/cdn/photo.jpg' }, mime: 'image/jpeg' },
      at: new Date(1763740860000),
    });
    expect(file).toMatchObject({ media: { ref: { kind: 'url', url: '{{CDN}}/cdn/orcamento.pdf' } } });
    expect(place).toMatchObject({ location: { latitude: -22.9056, longitude: -47.0608, name: 'Minha casa' } });
    // An echo's person is its recipient.
    expect(echo).toMatchObject({ chat: { number: '6543210987654321' } });
  });

  it('our own echoes (our app id) are not recorded again; deliveries ack, edits edit; read watermarks and unreacts record nothing', () => {
    expect(events.some((event) => event.kind === 'message' && event.providerId === 'm_echo_of_conversa_0000000000000000001')).toBe(false);
    expect(events.filter((event) => event.kind !== 'message')).toEqual([
      { kind: 'ack', providerId: 'm_OUR_ANSWER_1', ack: 2 },
      {
        kind: 'edit',
        providerId: 'm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
        body: 'Oi, vocês entregam em Campinas e Sumaré?',
        fromMe: false,
        at: new Date(1763740960000),
      },
    ]);
  });
});

describe('Meta webhook mapping: Instagram', () => {
  it('text, shared reels as their link, deletions, read receipts of one message', () => {
    const [account] = deliveries('instagram');
    expect(account).toMatchObject({ channel: 'instagram', accountId: '17841400000000001' });
    expect(account!.events).toEqual([
      expect.objectContaining({
        kind: 'message',
        providerId: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAx',
        body: 'Tem no tamanho M?',
        chat: { number: '1234567890123456', name: '1234567890123456', isGroup: false },
      }),
      expect.objectContaining({
        kind: 'message',
        mediaType: 'chat',
        body: 'Look do dia\nhttps://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1&signature=x',
        media: null,
      }),
      { kind: 'delete', providerId: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwMDAx', fromMe: false },
      { kind: 'ack', providerId: 'aWdfZAG1faXRlbToxOklHTWVzc2FnZAUlEOjE3ODQxNDAwMDAwMDAwOUR', ack: 3 },
    ]);
  });
});

describe('Meta webhook mapping: WhatsApp Cloud API', () => {
  const [messages, statuses, ...rest] = deliveries('cloud');

  it('names the number (phone_number_id); other change fields are ignored', () => {
    expect(messages).toMatchObject({ channel: 'whatsappapi', accountId: '106540352242922' });
    expect(statuses).toMatchObject({ channel: 'whatsappapi', accountId: '106540352242922' });
    expect(rest).toEqual([]);
  });

  it('text with the profile name, media by id with caption and file name, place, contact card, reaction, button reply; unsupported ignored', () => {
    const mapped = messages!.events.map((event) =>
      event.kind === 'message' ? [event.mediaType, event.body, event.quotedProviderId, event.media?.ref ?? null, event.chat.name] : event,
    );
    expect(mapped).toEqual([
      ['chat', 'Bom dia! Meu pedido não chegou.', null, null, 'Ana Souza'],
      ['image', 'Comprovante', 'wamid.OUR_ANSWER_1', { kind: 'whatsapp', id: '{{IMAGE_ID}}' }, 'Ana Souza'],
      ['application', 'nota-fiscal.pdf', null, { kind: 'whatsapp', id: '{{DOCUMENT_ID}}' }, 'Ana Souza'],
      ['locationMessage', 'MASP - Av. Paulista, 1578', null, null, 'Ana Souza'],
      [
        'contactMessage',
        'BEGIN:VCARD\nVERSION:3.0\nN:;Carlos Lima;;;\nFN:Carlos Lima\nTEL;type=CELL;waid=5521998877665:+55 21 99887-7665\nEND:VCARD',
        null,
        null,
        'Ana Souza',
      ],
      ['reactionMessage', '🙏', 'wamid.OUR_ANSWER_1', null, 'Ana Souza'],
      ['chat', 'Falar com atendente', null, null, 'Ana Souza'],
    ]);
    expect(messages!.events[0]).toMatchObject({
      providerId: 'wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFjNFQjBDNEYxQTJCM0Q0RTVGNjA3MTgA',
      chat: { number: '5511987654321' },
      at: new Date(1763740800 * 1000),
    });
  });

  it('statuses become acks (sent 1, delivered 2, read 3); a failure is not an ack', () => {
    expect(statuses!.events).toEqual([
      { kind: 'ack', providerId: 'wamid.OUR_ANSWER_1', ack: 1 },
      { kind: 'ack', providerId: 'wamid.OUR_ANSWER_1', ack: 2 },
      { kind: 'ack', providerId: 'wamid.OUR_ANSWER_1', ack: 3 },
    ]);
  });
});

describe('Meta webhook payload validation', () => {
  it('refuses what is not a Meta delivery, and lets unknown fields through', () => {
    expect(MetaWebhookPayload.safeParse({ object: 'user', entry: [] }).success).toBe(false);
    expect(MetaWebhookPayload.safeParse({ object: 'page' }).success).toBe(false);
    expect(MetaWebhookPayload.safeParse({ object: 'page', entry: [{ id: '1', messaging: [{ sender: {}, recipient: { id: '2' } }] }] }).success).toBe(false);
    const future = MetaWebhookPayload.safeParse({
      object: 'page',
      entry: [
        {
          id: '1',
          time: 1,
          brand_new_field: true,
          messaging: [{ sender: { id: '3' }, recipient: { id: '1' }, timestamp: 1, message: { mid: 'm', text: 'oi', new_thing: {} } }],
        },
      ],
    });
    expect(future.success).toBe(true);
  });
});
