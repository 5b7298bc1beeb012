import { z } from 'zod';
import { ScheduleEntry } from '../companies/events';
import { ConnectionChannel, ConnectionDetails, ConnectionStatus, ConnectionToken, TIME_SEND_QUEUE_OPTIONS, type ChannelAccount } from './events';
import { inboundText, RecordId, RecordIdParam, realDateTime, safeText } from '../common/bounds';
import { companyRecord, timestamps } from '../common/views';

const id = RecordId;
const optionalId = z.preprocess((value) => (value === '' || value === 0 ? null : value), id.nullable());
const message = safeText().max(4000);

/** Dates arrive as the date picker sends them (YYYY-MM-DD) or as ISO datetimes; stored as ISO datetimes. */
const importDate = z.preprocess(
  (value) => (value === '' ? null : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value),
  realDateTime({ offset: true })
    .transform((value) => new Date(value).toISOString())
    .nullable(),
);

const scheduleEntry = ScheduleEntry.extend({
  startTimeA: safeText().regex(/^(\d{2}:\d{2})?$/, 'Use ##:##'),
  endTimeA: safeText().regex(/^(\d{2}:\d{2})?$/, 'Use ##:##'),
  startTimeB: safeText().regex(/^(\d{2}:\d{2})?$/, 'Use ##:##'),
  endTimeB: safeText().regex(/^(\d{2}:\d{2})?$/, 'Use ##:##'),
});

/** Every field an administrator may set (name 2 to 50, opening-hours times ##:##). */
const connectionFields = {
  name: safeText({ error: 'Required' }).trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  maxUseBotQueues: z.coerce.number().int().min(0).max(100),
  maxUseBotQueuesNPS: z.coerce.number().int().min(0).max(100),
  provider: z.enum(['beta', 'stable']),
  expiresTicket: z.coerce.number().int().min(0).max(525_600),
  expiresTicketNPS: z.coerce.number().int().min(0).max(525_600),
  whenExpiresTicket: z.enum(['0', '1']),
  expiresInactiveMessage: message,
  allowGroup: z.boolean(),
  groupAsTicket: z.enum(['disabled', 'enabled']),
  timeUseBotQueues: z.coerce.number().int().min(0).max(525_600),
  timeSendQueue: z.coerce
    .number()
    .int()
    .refine((value) => (TIME_SEND_QUEUE_OPTIONS as readonly number[]).includes(value), `one of ${TIME_SEND_QUEUE_OPTIONS.join(', ')}`),
  sendIdQueue: optionalId,
  timeCreateNewTicket: z.coerce.number().int().min(0).max(31_536_000),
  timeInactiveMessage: z.coerce.number().int().min(0).max(525_600),
  inactiveMessage: message,
  importOldMessages: importDate,
  importRecentMessages: importDate,
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  integrationId: optionalId,
  promptId: optionalId,
  wavoip: safeText().max(500),
  queueIds: z.array(id).max(200),
  schedules: z.array(scheduleEntry).max(7),
  isDefault: z.boolean(),
  token: ConnectionToken,
};

const partialFields = Object.fromEntries(Object.entries(connectionFields).map(([key, schema]) => [key, schema.optional()])) as {
  [K in keyof typeof connectionFields]: z.ZodOptional<(typeof connectionFields)[K]>;
};

/** POST /whatsapp: a name is required; everything else takes the spec's defaults. */
export const CreateConnectionRequest = z.object({ ...partialFields, name: connectionFields.name, channel: ConnectionChannel.default('whatsapp') }).strict();
export type CreateConnectionRequest = z.infer<typeof CreateConnectionRequest>;
/** What a client may send to POST /whatsapp (the defaults filled in by the server). */
export type CreateConnectionBody = z.input<typeof CreateConnectionRequest>;

/** PUT /whatsapp/:id: any subset of the fields. */
export const UpdateConnectionRequest = z.object(partialFields).strict();
export type UpdateConnectionRequest = z.infer<typeof UpdateConnectionRequest>;

const flag = z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value), z.boolean().optional());

/** GET /whatsapp (optional companyId for super users; `session=0` leaves the QR code out). */
export const ListConnectionsQuery = z.object({
  companyId: RecordIdParam.optional(),
  session: flag,
  channel: ConnectionChannel.optional(),
});

export const ConnectionIdParams = z.object({ id: RecordIdParam });

/** The `importMessages` frame body's status (processed of total with a date; total -1 = preparing). */
export const ImportProgress = z.object({ this: z.number(), all: z.number(), date: z.string().nullable() });
export type ImportProgress = z.infer<typeof ImportProgress>;

/** A connection as the API and the `whatsapp` / `whatsappSession` socket frames show it. */
export const ConnectionView = ConnectionDetails.extend({
  ...companyRecord,
  channel: ConnectionChannel,
  status: ConnectionStatus,
  qrcode: z.string(),
  retries: z.number(),
  number: z.string(),
  isDefault: z.boolean(),
  /** Present for administrators in HTTP answers; never in socket frames. */
  token: z.string().optional(),
  /** null, an import start timestamp (ms, as text), or 'renderButtonCloseTickets'. */
  statusImportMessages: z.string().nullable(),
  importProgress: ImportProgress.nullable(),
  /** Meta channels: which page or account (never the tokens). */
  facebookPageUserId: z.string().nullable(),
  ...timestamps,
}).meta({ id: 'ConnectionView' });
export type ConnectionView = z.infer<typeof ConnectionView>;

/** What the session buttons answer. */
export const SessionCommandAnswer = z.object({ message: z.string() });

/**
 * `whatsapp` frame body (projections/connections/projector.ts): the connection as it now stands, or the id of the
 * one deleted. Frames never carry the token.
 */
export type ConnectionFrame =
  | { action: 'create' | 'update'; whatsapp: ConnectionView; session?: never; whatsappId?: never }
  | { action: 'delete'; whatsappId: number; whatsapp?: never; session?: never };

/** `whatsappSession` frame body: the connection whose session (status, QR code) changed. */
export interface ConnectionSessionFrame {
  action: 'update';
  session: ConnectionView;
  whatsapp?: never;
  whatsappId?: never;
}

/** `importMessages` frame body: progress of an import (total -1: preparing), or refresh once it ended. */
export type ImportFrame = { action: 'update'; status: ImportProgress; whatsappId: number } | { action: 'refresh'; whatsappId: number; status?: never };

/** Secrets of a Meta account stay on the server. */
export type PublicChannelAccount = Pick<ChannelAccount, 'facebookPageUserId'>;

/** POST /sandbox/:connectionId/messages: the contact's side of the sandbox channel (issue 6). */
export const SandboxInboundRequest = z
  .object({
    /** The provider's message id: delivering the same id again records nothing. */
    // What the contact wrote is mended (NUL removed, lone surrogates replaced), never refused.
    id: inboundText().trim().min(1).max(200).optional(),
    from: safeText().regex(/^\d{8,20}$/, 'from: 8 to 20 digits'),
    name: inboundText().trim().min(1).max(100).optional(),
    body: inboundText().max(4096).optional(),
    mediaUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .strict()
  .refine((value) => (value.body ?? '').trim() !== '' || value.mediaUrl !== undefined, { message: 'body or mediaUrl is required', path: ['body'] });
export type SandboxInboundRequest = z.infer<typeof SandboxInboundRequest>;

/** POST /sandbox/{id}/messages's answer (202): the message recorded, or the one its id already made (`duplicate`). */
export const SandboxInboundAnswer = z.object({ id: z.string(), ticketId: z.number(), contactId: z.number(), duplicate: z.boolean() });

export const SandboxOutboxQuery = z.object({
  to: safeText().regex(/^\d{8,20}$/, 'to: 8 to 20 digits'),
});

export const SandboxOutboxMessage = z.object({ id: z.string(), to: z.string(), body: z.string(), mediaUrl: z.string().nullable(), createdAt: z.string() });
export type SandboxOutboxMessage = z.infer<typeof SandboxOutboxMessage>;
