import { z } from 'zod';
import { TicketStatus } from './events';
import { Count32, QueryFlag, RealDate, RecordId, RecordIdParam } from '../common/bounds';
import { SearchParam } from '../common/inputs';

/** A JSON list as text, or the text itself when it is not JSON (the schema then refuses it: 400, never a throw). */
const jsonOrText = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Id lists in query strings arrive as JSON (`[1,2]`, what the browser sends), comma-separated, or repeated parameters. */
export const idList = z.preprocess((value) => {
  if (value === undefined || value === '' || value === null) return undefined;
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === 'string' && item.startsWith('[') ? jsonOrText(item) : [item]));
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) return jsonOrText(text);
    return text.split(',').filter((part) => part.trim() !== '');
  }
  return value;
}, z.array(RecordIdParam).max(500).optional());

/** Status lists in query strings: JSON (`["open","pending"]`) or comma-separated; at most `max` of them. */
export const statusListOf = (max: number) =>
  z.preprocess((value) => {
    if (value === undefined || value === '' || value === null) return undefined;
    if (typeof value === 'string' && value.trim().startsWith('[')) return jsonOrText(value);
    return typeof value === 'string' ? value.split(',') : value;
  }, z.array(TicketStatus).max(max).optional());

const flag = QueryFlag;
const day = RealDate;

/** GET /tickets. */
export const ListTicketsQuery = z.object({
  searchParam: SearchParam,
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The previous page's `nextCursor`: the next page without an offset (infinite scroll); wins over pageNumber. */
  cursor: z
    .string()
    .regex(/^\d{1,17}\.\d{1,10}$/, 'a cursor is the nextCursor of a previous page')
    .refine((value) => Number(value.split('.')[1]) <= 2_147_483_647, 'a cursor is the nextCursor of a previous page')
    .optional(),
  status: z.preprocess((value) => (value === '' ? undefined : value), TicketStatus.optional()),
  date: z.preprocess((value) => (value === '' ? undefined : value), day.optional()),
  updatedAt: z.preprocess((value) => (value === '' ? undefined : value), day.optional()),
  showAll: flag,
  withUnreadMessages: flag,
  queueIds: idList,
  tags: idList,
  users: idList,
  userFilter: idList,
  whatsappIds: idList,
  whatsapps: idList,
  statusFilter: statusListOf(4),
  isGroup: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false']).optional()),
  /** One contact's tickets ("open its tickets" from the contacts screen). */
  contactId: RecordIdParam.optional(),
});
export type ListTicketsQuery = z.infer<typeof ListTicketsQuery>;

const optionalId = RecordId.nullable().optional();

/** POST /tickets: an attendant opens a conversation with a contact. */
export const CreateTicketRequest = z.object({
  contactId: RecordId,
  userId: optionalId,
  queueId: optionalId,
  whatsappId: optionalId,
  status: z.enum(['open', 'pending']).default('open'),
  companyId: RecordId.optional(),
});
/** What a client may send to POST /tickets (status defaults to open). */
export type CreateTicketBody = z.input<typeof CreateTicketRequest>;

/** PUT /tickets/{id}: the transition is read from what changes (accept, close, reopen, return, transfer, integration). */
export const UpdateTicketRequest = z
  .object({
    status: TicketStatus.optional(),
    userId: RecordId.nullable().optional(),
    queueId: RecordId.nullable().optional(),
    sendFarewellMessage: z.boolean().optional(),
    amountUsedBotQueues: Count32.optional(),
    promptId: RecordId.nullable().optional(),
    useIntegration: z.boolean().optional(),
    integrationId: RecordId.nullable().optional(),
    /** The list's close-without-farewell button. */
    isFinished: z.boolean().optional(),
  })
  .strict();
export type UpdateTicketRequest = z.infer<typeof UpdateTicketRequest>;

export const CloseAllTicketsRequest = z.object({
  status: TicketStatus,
  queueIds: idList,
});
