import { z } from 'zod';

/**
 * The Graph API requests Conversa sends, field by field, as Meta documents them. The adapter
 * (graph.ts) is checked against these shapes, and the fake Graph server (fake-graph.ts) refuses
 * any request that does not match them, so tests against the fake cannot pass with a request the
 * real Graph API would refuse.
 *
 * Sources (Graph API v21.0):
 * - Send API: https://developers.facebook.com/docs/messenger-platform/reference/send-api/
 * - Attachment Upload API: https://developers.facebook.com/docs/messenger-platform/reference/attachment-upload-api
 * - Instagram messaging: https://developers.facebook.com/docs/messenger-platform/instagram/features/send-message
 * - User profile: https://developers.facebook.com/docs/messenger-platform/identity/user-profile
 * - Cloud API messages: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 * - Cloud API media: https://developers.facebook.com/docs/whatsapp/cloud-api/reference/media
 * - Long-lived tokens: https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived
 * - Page accounts and subscribed_apps: https://developers.facebook.com/docs/graph-api/reference/user/accounts, /page/subscribed_apps
 */

const nonEmpty = z.string().min(1);

/** Messenger / Instagram attachment kinds the Send API accepts for files. */
export const MessengerAttachmentKind = z.enum(['image', 'video', 'audio', 'file']);

/**
 * POST /me/messages?access_token=<page token> (Send API), JSON.
 * - recipient.id: the page-scoped id (PSID) or Instagram-scoped id (IGSID) of the person.
 * - messaging_type: required by Messenger ('RESPONSE' answers a person who wrote in the last 24 h);
 *   Instagram does not take it.
 * - message.text: up to 2000 characters of UTF-8 text; or message.attachment with type and
 *   payload.attachment_id (from the Attachment Upload API) or payload.url.
 * - sender_action 'react' with payload { message_id, reaction } reacts to a message ('love' is the
 *   one reaction the API sends); it carries no message.
 * Answer: { recipient_id, message_id } (a reaction answers { recipient_id } only).
 */
export const SendApiRequest = z.union([
  z.strictObject({
    recipient: z.strictObject({ id: nonEmpty }),
    messaging_type: z.enum(['RESPONSE', 'UPDATE', 'MESSAGE_TAG']).optional(),
    message: z.union([
      z.strictObject({ text: z.string().min(1).max(2000) }),
      z.strictObject({
        attachment: z.strictObject({
          type: MessengerAttachmentKind,
          payload: z.union([z.strictObject({ attachment_id: nonEmpty }), z.strictObject({ url: z.url(), is_reusable: z.boolean().optional() })]),
        }),
      }),
    ]),
  }),
  z.strictObject({
    recipient: z.strictObject({ id: nonEmpty }),
    sender_action: z.literal('react'),
    payload: z.strictObject({ message_id: nonEmpty, reaction: z.literal('love') }),
  }),
]);

/**
 * POST /me/message_attachments?access_token=<page token>, multipart/form-data.
 * - message: JSON text { attachment: { type, payload: { is_reusable: true } } }.
 * - filedata: the file, with its content type and name.
 * - platform: 'instagram' for an Instagram account's upload (absent for Messenger).
 * Answer: { attachment_id }.
 */
export const AttachmentUploadForm = z.strictObject({
  message: z
    .string()
    .transform((text, check) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        check.addIssue({ code: 'custom', message: 'message must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.strictObject({ attachment: z.strictObject({ type: MessengerAttachmentKind, payload: z.strictObject({ is_reusable: z.boolean() }) }) })),
  filedata: z.object({ name: nonEmpty, type: nonEmpty, size: z.number().int().positive() }),
  platform: z.literal('instagram').optional(),
});

const cloudMediaObject = z.strictObject({ id: nonEmpty, caption: z.string().max(1024).optional(), filename: z.string().max(240).optional() });

/**
 * POST /<phone-number-id>/messages, Authorization: Bearer <token>, JSON.
 * - messaging_product: always 'whatsapp'; recipient_type: 'individual'.
 * - to: the person's WhatsApp number, digits with country code.
 * - type and the object of that name: text { body (≤ 4096), preview_url }, image/video/document
 *   { id, caption, filename (documents) }, audio/sticker { id }, location { latitude, longitude,
 *   name, address }, contacts [{ name { formatted_name, first_name }, phones [{ phone, type, wa_id }] }],
 *   reaction { message_id, emoji }, template { name, language { code }, components [{ type: 'body',
 *   parameters [{ type: 'text', text }] }] } (the only kind of message outside the 24-hour window).
 * - context.message_id: the wamid this message replies to.
 * Answer: { messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }.
 */
export const CloudMessageRequest = z
  .strictObject({
    messaging_product: z.literal('whatsapp'),
    recipient_type: z.literal('individual'),
    to: z.string().regex(/^\d{8,15}$/),
    type: z.enum(['text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'reaction', 'template']),
    context: z.strictObject({ message_id: nonEmpty }).optional(),
    text: z.strictObject({ body: z.string().min(1).max(4096), preview_url: z.boolean().optional() }).optional(),
    image: cloudMediaObject.optional(),
    video: cloudMediaObject.optional(),
    document: cloudMediaObject.optional(),
    audio: z.strictObject({ id: nonEmpty }).optional(),
    sticker: z.strictObject({ id: nonEmpty }).optional(),
    location: z.strictObject({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() }).optional(),
    contacts: z
      .array(
        z.strictObject({
          name: z.strictObject({ formatted_name: nonEmpty, first_name: z.string().optional() }),
          phones: z.array(z.strictObject({ phone: nonEmpty, type: z.string().optional(), wa_id: z.string().optional() })).optional(),
        }),
      )
      .min(1)
      .optional(),
    reaction: z.strictObject({ message_id: nonEmpty, emoji: z.string() }).optional(),
    template: z
      .strictObject({
        name: nonEmpty,
        language: z.strictObject({ code: nonEmpty, policy: z.literal('deterministic').optional() }),
        components: z
          .array(
            z.strictObject({
              type: z.enum(['header', 'body']),
              parameters: z.array(z.strictObject({ type: z.literal('text'), text: z.string().min(1).max(1024) })).min(1),
            }),
          )
          .optional(),
      })
      .optional(),
  })
  .refine((request) => request[request.type] !== undefined, { message: 'the object named by type is missing' })
  .refine(
    (request) =>
      ['text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'reaction', 'template'].filter(
        (kind) => kind !== request.type && request[kind as keyof typeof request] !== undefined,
      ).length === 0,
    {
      message: 'only the object named by type may be present',
    },
  );

/**
 * POST /<phone-number-id>/media, Authorization: Bearer <token>, multipart/form-data.
 * - messaging_product: 'whatsapp'; type: the file's MIME type; file: the bytes with their name.
 * Answer: { id }.
 */
export const CloudMediaUploadForm = z.strictObject({
  messaging_product: z.literal('whatsapp'),
  type: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/),
  file: z.object({ name: nonEmpty, type: nonEmpty, size: z.number().int().positive() }),
});

/** GET /oauth/access_token: grant_type fb_exchange_token, client_id, client_secret, fb_exchange_token (no access_token). */
export const TokenExchangeQuery = z.strictObject({
  grant_type: z.literal('fb_exchange_token'),
  client_id: nonEmpty,
  client_secret: nonEmpty,
  fb_exchange_token: nonEmpty,
});

/** GET /<user-id>/accounts?fields=…&access_token=<user token>: pages with their tokens and Instagram accounts. */
export const PageAccountsQuery = z.strictObject({
  fields: z.string().includes('access_token'),
  limit: z.string().optional(),
  after: z.string().optional(),
  access_token: nonEmpty,
});

/** POST /<page-id>/subscribed_apps?subscribed_fields=…&access_token=<page token>. */
export const SubscribedAppsQuery = z.strictObject({
  subscribed_fields: z.string().refine((fields) => fields.split(',').every((field) => /^[a-z_]+$/.test(field)), 'comma-separated webhook fields'),
  access_token: nonEmpty,
});

/** GET /<id>?fields=…: a page (/me), an Instagram account, a Cloud API number, a user's profile, a Cloud API media item. */
export const ObjectQuery = z.strictObject({ fields: z.string().optional(), access_token: z.string().optional(), phone_number_id: z.string().optional() });

/**
 * GET /<waba-id>/phone_numbers?fields=…, Authorization: Bearer <token>: the numbers of a WhatsApp
 * Business Account. Answer: { data: [{ id, display_phone_number, verified_name }] }.
 * https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/phone_numbers
 */
export const PhoneNumbersQuery = z.strictObject({ fields: z.string().optional() });

/**
 * GET /<waba-id>/message_templates?fields=…&limit=…&after=…, Authorization: Bearer <token>: the
 * account's message templates. Answer: { data: [{ id, name, language, status, category,
 * components: [{ type: 'BODY', text } …] }], paging: { cursors: { after }, next? } }.
 * https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account/message_templates
 */
export const MessageTemplatesQuery = z.strictObject({
  fields: z.string().optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional(),
  after: z.string().optional(),
  status: z.enum(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']).optional(),
});
