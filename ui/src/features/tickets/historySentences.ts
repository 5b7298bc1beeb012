import type { MessageKey } from '../../i18n';
import type { TicketEvent, TicketHistoryEvent, TicketHistoryNames } from '@conversa/contracts';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
type Data<T extends TicketEvent['type']> = Omit<Extract<TicketEvent, { type: T }>['data'], 'ticketId'>;

/** What a sentence may name: the author, and the users, queues, connections and prompts by the names the history answered. */
interface Say {
  t: Translate;
  actor: string;
  time: string;
  user(id: number | null | undefined): string;
  queue(id: number | null | undefined): string;
  connection(id: number | null | undefined): string;
  prompt(id: number | null | undefined): string;
}

/** The rating scale's top, said in the rating sentence (TICKET_RATING_MAX of the contracts; a type import keeps the schemas out). */
const RATING_MAX = 5;

/** One sentence per event type of a ticket's stream: the compiler asks for a new type's sentence. */
const sentences: { [T in TicketEvent['type']]: (data: Data<T>, say: Say) => string } = {
  TicketCreated: (data, { t, actor, time, connection, queue }) => {
    const values = { actor, time, connection: connection(data.whatsappId), queue: queue(data.queueId) };
    if (data.whatsappId !== null) return t(data.queueId !== null ? 'ticketHistory.createdOnInQueue' : 'ticketHistory.createdOn', values);
    return t(data.queueId !== null ? 'ticketHistory.createdInQueue' : 'ticketHistory.created', values);
  },
  TicketAccepted: (data, { t, time, user, queue }) =>
    t(data.queueId !== null ? 'ticketHistory.acceptedInQueue' : 'ticketHistory.accepted', { user: user(data.userId), queue: queue(data.queueId), time }),
  TicketClosed: (data, { t, actor, time }) => t(`ticketHistory.closed.${data.reason}`, { actor, time }),
  TicketReopened: (data, { t, time, user }) => t('ticketHistory.reopened', { user: user(data.userId), time }),
  TicketReturnedToQueue: (data, { t, actor, time, queue }) =>
    t(data.queueId !== null ? 'ticketHistory.returnedToQueue' : 'ticketHistory.returnedToWaiting', { actor, queue: queue(data.queueId), time }),
  TicketTransferred: (data, { t, actor, time, user, queue }) =>
    data.assignment
      ? t(data.assignment.capacity !== null ? 'ticketHistory.assigned' : 'ticketHistory.assignedUnlimited', {
          user: user(data.to.userId),
          queue: queue(data.to.queueId),
          open: data.assignment.openTickets,
          capacity: data.assignment.capacity ?? 0,
          idle: data.assignment.idleMinutes,
          time,
        })
      : t(data.to.userId !== null ? 'ticketHistory.transferredToUser' : 'ticketHistory.transferred', {
          actor,
          user: user(data.to.userId),
          queue: queue(data.to.queueId),
          time,
        }),
  TicketDeleted: (_data, { t, actor, time }) => t('ticketHistory.deleted', { actor, time }),
  TicketIntegrationToggled: (data, { t, actor, time, prompt }) =>
    !data.useIntegration
      ? t('ticketHistory.integrationOff', { actor, time })
      : t(data.promptId ? 'ticketHistory.integrationOnPrompt' : 'ticketHistory.integrationOn', { actor, prompt: prompt(data.promptId), time }),
  TicketAccessed: (data, { t, time, user }) => t('ticketHistory.accessed', { user: user(data.userId), time }),
  TicketMessagesRead: (data, { t, actor, time, user }) => t('ticketHistory.messagesRead', { user: data.userId !== null ? user(data.userId) : actor, time }),
  TicketQueueAssigned: (data, { t, time, queue }) => t(`ticketHistory.queueAssigned.${data.reason}`, { queue: queue(data.queueId), time }),
  TicketLgpdConsentRequested: (_data, { t, time }) => t('ticketHistory.lgpdRequested', { time }),
  TicketLgpdConsentAnswered: (data, { t, time }) => t(data.accepted ? 'ticketHistory.lgpdAccepted' : 'ticketHistory.lgpdRefused', { time }),
  TicketRatingRequested: (_data, { t, time }) => t('ticketHistory.ratingRequested', { time }),
  TicketRated: (data, { t, time }) => t('ticketHistory.rated', { rating: data.rating, max: RATING_MAX, time }),
  TicketRatingExpired: (_data, { t, time }) => t('ticketHistory.ratingExpired', { time }),
};

const pad = (value: number) => String(value).padStart(2, '0');
/** "14:02" today, "05/12/2026 14:02" before. */
export function historyTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const clock = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return at.toDateString() === now.toDateString() ? clock : `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${clock}`;
}

/**
 * A history event as a sentence in the person's language ("Transferido para a fila Vendas por Ana, 14:02"): users,
 * queues, connections and prompts by name (a record the history could not name by its number), the author by name,
 * the contact's name, or the system or channel. A type this screen does not know still reads as a sentence.
 */
export function historySentence(
  event: TicketHistoryEvent,
  names: TicketHistoryNames,
  context: { t: Translate; contactName: string | null; now: Date },
): string {
  const { t } = context;
  const named = (record: Record<number, string>, kind: 'user' | 'queue' | 'connection' | 'prompt') => (id: number | null | undefined) =>
    id === null || id === undefined ? '' : (record[id] ?? t(`ticketHistory.unnamed.${kind}`, { id }));
  const { actor: author } = event;
  const actor =
    author.name ??
    (author.kind === 'contact'
      ? (context.contactName ?? t('tickets.history.contact'))
      : t(`tickets.history.actor.${author.kind === 'user' ? 'user' : author.kind === 'channel' ? 'channel' : 'system'}`));
  const say: Say = {
    t,
    actor,
    time: historyTime(event.occurredAt, context.now),
    user: named(names.users, 'user'),
    queue: named(names.queues, 'queue'),
    connection: named(names.connections, 'connection'),
    prompt: named(names.prompts, 'prompt'),
  };
  const sentence = (sentences as Record<string, ((data: unknown, say: Say) => string) | undefined>)[event.type];
  return sentence ? sentence(event.changes, say) : t('ticketHistory.unknown', { actor, time: say.time });
}

/** The event types the history writes a sentence for (the spec checks it is every type of a ticket's stream). */
export const historySentenceTypes = Object.keys(sentences);
