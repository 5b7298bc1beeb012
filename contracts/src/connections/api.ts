import { z } from 'zod';
import { ScheduleEntry } from '../companies/events';
import { ConnectionChannel, ConnectionDetails, ConnectionStatus, ConnectionToken, TIME_SEND_QUEUE_OPTIONS, type ChannelAccount } from './events';
import { inboundText, RecordId, RecordIdParam, realDateTime, safeText } from '../common/bounds';

const id = RecordId;
const optionalId = z.preprocess((value) => (value === '' || value === 0 ? null : value), id.nullable());
const message = safeText().max(4000);

/** Dates arrive as the date picker sends them (YYYY-MM-DD) or as ISO datetimes; stored as ISO datetimes. */
const importDate = z.preprocess(
  (value) => (value === '' ? null : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value),
  realDateTime({ offset: true }).transform((value) => new Date(value).toISOString()).nullable(),
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

/** A connection as the API and the `whatsapp` / `whatsappSession` socket frames show it. */
export interface ConnectionView extends z.infer<typeof ConnectionDetails> {
  id: number;
  companyId: number;
  channel: z.infer<typeof ConnectionChannel>;
  status: z.infer<typeof ConnectionStatus>;
  qrcode: string;
  retries: number;
  number: string;
  isDefault: boolean;
  /** Present for administrators in HTTP answers; never in socket frames. */
  token?: string;
  /** null, an import start timestamp (ms, as text), or 'renderButtonCloseTickets'. */
  statusImportMessages: string | null;
  importProgress: ImportProgress | null;
  /** Meta channels: which page or account (never the tokens). */
  facebookPageUserId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The `importMessages` frame body's status (processed of total with a date; total -1 = preparing). */
export interface ImportProgress {
  this: number;
  all: number;
  date: string | null;
}

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
    mediaUrl: z.url({ protocol: /^https?$/ }).max(2000).optional(),
  })
  .strict()
  .refine((value) => (value.body ?? '').trim() !== '' || value.mediaUrl !== undefined, { message: 'body or mediaUrl is required', path: ['body'] });
export type SandboxInboundRequest = z.infer<typeof SandboxInboundRequest>;

export const SandboxOutboxQuery = z.object({
  to: safeText().regex(/^\d{8,20}$/, 'to: 8 to 20 digits'),
});

export interface SandboxOutboxMessage {
  id: string;
  to: string;
  body: string;
  mediaUrl: string | null;
  createdAt: string;
}
