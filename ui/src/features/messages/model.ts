import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { AppMessageFrame, MessagesPage, MessageView as Message, QuickMessageView } from '@conversa/contracts';

/** A message may be edited within 15 minutes (900000 ms) of its last update. */
export const MESSAGE_EDIT_WINDOW_MS = 900_000;
/** After a live change the list scrolls to the new message after 300 ms. */
export const SCROLL_TO_NEW_MESSAGE_DELAY_MS = 300;
/** The message list loads older pages when scrolled to under 50 px from the top. */
export const LOAD_OLDER_THRESHOLD_PX = 50;

/** Which page of GET /messages/:ticketId: the first by number, older ones by the previous page's cursor. */
export interface MessagesPageParam {
  pageNumber: number;
  cursor?: string;
}

export type MessagesCache = InfiniteData<MessagesPage, MessagesPageParam>;

/** A message and the emoji reactions made to it (reactions are messages of their own, shown on their target). */
export interface ShownMessage {
  message: Message;
  reactions: Array<{ emoji: string; fromMe: boolean }>;
}

/**
 * One row per message, keyed by its id; the first message of a local day carries that day, drawn as a separator
 * above it. (A separator of its own would be the row at the very top while older pages load, and as it moves up
 * with each page the list could not hold its place by it.)
 */
export interface MessageRow {
  key: string;
  item: ShownMessage;
  /** YYYY-MM-DD when a day separator goes above this message. */
  day: string | null;
}

const byTime = (a: Message, b: Message) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.createdAt < b.createdAt ? -1 : 1);

/**
 * Every page's messages once, oldest first. Older pages are read by cursor and do not overlap, but a page read
 * by number (or a refetch racing a frame) may repeat some already held: the copy in the newer page (or patched
 * by a frame) wins.
 */
export function flattenPages(cache: MessagesCache | undefined): Message[] {
  if (!cache) return [];
  // Newest page first, each read newest to oldest: the first copy of a message met is the one to keep, and the
  // pages are already in order, so no sort is needed for thousands of messages on every page that arrives.
  const seen = new Set<string>();
  const newestFirst: Message[] = [];
  for (const page of cache.pages) {
    for (let index = page.messages.length - 1; index >= 0; index--) {
      const message = page.messages[index]!;
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      newestFirst.push(message);
    }
  }
  const messages = newestFirst.reverse();
  // Pages read while messages were arriving may interleave; then order by time after all.
  for (let index = 1; index < messages.length; index++) if (byTime(messages[index - 1]!, messages[index]!) > 0) return messages.sort(byTime);
  return messages;
}

/** The local calendar day of an instant, as YYYY-MM-DD (the separator's key). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The rows the list draws: the messages, the first of each local calendar day marked for its separator; reactions
 * are folded into the message they react to (or dropped when it is not loaded).
 */
const NO_REACTIONS: ShownMessage['reactions'] = [];
/** The same row object for an unchanged message, so its memoised bubble is not drawn again when a page arrives. */
const shownCache = new WeakMap<Message, ShownMessage>();
function shown(message: Message, reactions: ShownMessage['reactions'] | undefined): ShownMessage {
  if (reactions) return { message, reactions };
  let item = shownCache.get(message);
  if (!item) shownCache.set(message, (item = { message, reactions: NO_REACTIONS }));
  return item;
}

export function buildRows(messages: readonly Message[]): MessageRow[] {
  const reactions = new Map<string, ShownMessage['reactions']>();
  for (const message of messages) {
    if (message.mediaType !== 'reactionMessage' || !message.quotedMsgId || message.isDeleted) continue;
    const list = reactions.get(message.quotedMsgId) ?? [];
    list.push({ emoji: message.body, fromMe: message.fromMe });
    reactions.set(message.quotedMsgId, list);
  }
  const rows: MessageRow[] = [];
  let currentDay: string | null = null;
  for (const message of messages) {
    if (message.mediaType === 'reactionMessage') continue;
    const day = localDay(message.createdAt);
    rows.push({ key: message.id, item: shown(message, reactions.get(message.id)), day: day !== currentDay ? day : null });
    currentDay = day;
  }
  return rows;
}

export type DayLabel = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/** Today, yesterday, or the spec's DD/MM/YYYY. */
export function dayLabel(day: string, now: Date): DayLabel {
  const today = localDay(now.toISOString());
  const yesterdayDate = new Date(now);
  yesterdayDate.setDate(yesterdayDate.getDate() - 1);
  if (day === today) return { kind: 'today' };
  if (day === localDay(yesterdayDate.toISOString())) return { kind: 'yesterday' };
  const [year, month, date] = day.split('-');
  return { kind: 'date', text: `${date}/${month}/${year}` };
}

export type AckIcon = 'clock' | 'sent' | 'delivered' | 'read' | 'failed';

/** The ack: 0 clock, 1 sent, 2 delivered, 3 or 4 read; a message the channel refused shows as failed. */
export function ackIcon(message: Pick<Message, 'ack' | 'sendError'>): AckIcon {
  if (message.sendError && message.ack < 1) return 'failed';
  if (message.ack >= 3) return 'read';
  if (message.ack === 2) return 'delivered';
  if (message.ack === 1) return 'sent';
  return 'clock';
}

/** Only own text messages, within 15 minutes of their last update (server clock ≈ browser clock). */
export function canEdit(message: Message, userId: number, now: number): boolean {
  return (
    message.fromMe &&
    message.userId === userId &&
    !message.isDeleted &&
    message.mediaType === 'chat' &&
    now - Date.parse(message.updatedAt) < MESSAGE_EDIT_WINDOW_MS
  );
}

/** Deleting is offered only for own (outbound) messages. */
export const canDelete = (message: Message): boolean => message.fromMe && !message.isDeleted;

/** Forwarding hands the message to a contact: never a private note, a deleted message or a call line. */
export const canForward = (message: Message): boolean => !message.isDeleted && !message.isPrivate && message.mediaType !== 'call_log';

export type DeletedText = 'byContact' | 'byUser' | null;

/**
 * lgpdDeleteMessage off: a deleted message keeps its content, which attendants still read under the deletion mark.
 * On (for the contact's deletions), the server erased it and only the mark is shown.
 */
export const keepsDeletedContent = (message: Pick<Message, 'isDeleted' | 'contentErased' | 'body' | 'mediaUrl' | 'location'>): boolean =>
  message.isDeleted && !message.contentErased && (message.body.trim() !== '' || message.mediaUrl !== null || message.location !== null);

/** Deleted incoming messages read 'esta mensagem foi apagada pelo contato' (the spec's 'this message was deleted by the contact'). */
export function deletedText(message: Pick<Message, 'isDeleted' | 'deletedBy' | 'fromMe'>): DeletedText {
  if (!message.isDeleted) return null;
  return message.deletedBy === 'contact' || (!message.deletedBy && !message.fromMe) ? 'byContact' : 'byUser';
}

/**
 * Applies an `appMessage` frame (or a send's answer) to the conversation's cached pages: a known message is replaced
 * where it is; a new one joins the newest page. Returns whether the message is new to the list.
 */
export function applyMessage(cache: MessagesCache, message: Message): boolean {
  for (const page of cache.pages) {
    const index = page.messages.findIndex((held) => held.id === message.id);
    if (index >= 0) {
      // Frames may arrive out of order (an ack before the create's answer); never let an older copy win the ack.
      const held = page.messages[index]!;
      page.messages[index] = { ...message, ack: Math.max(held.ack, message.ack) };
      for (const other of cache.pages) {
        if (other === page) continue;
        const duplicate = other.messages.findIndex((copy) => copy.id === message.id);
        if (duplicate >= 0) other.messages[duplicate] = page.messages[index]!;
      }
      return false;
    }
  }
  const newest = cache.pages[0];
  if (!newest) return false;
  newest.messages.push(message);
  newest.messages.sort(byTime);
  if (newest.count !== undefined) newest.count += 1;
  return true;
}

/** The frame's message, when it belongs to this ticket. */
export function frameMessageFor(ticketId: number, frame: AppMessageFrame): { action: AppMessageFrame['action']; message: Message } | null {
  const { action, message } = frame;
  if (message.ticketId !== ticketId) return null;
  return { action, message };
}

/** Labels in the quick-reply menu are cut to 35 characters plus an ellipsis. */
export const QUICK_REPLY_LABEL_LENGTH = 35;

export function cutLabel(text: string, length = QUICK_REPLY_LABEL_LENGTH): string {
  const chars = [...text];
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : text;
}

/** What the composer's slash menu needs of a quick message (GET /quick-messages/list answers QuickMessageView). */
export type QuickReply = Pick<QuickMessageView, 'id' | 'shortcode' | 'message' | 'mediaPath'> & Partial<Pick<QuickMessageView, 'mediaName'>>;

/** The slash command being typed: text starting with '/' and no line break yet; null when the menu is closed. */
export function slashQuery(text: string): string | null {
  if (!text.startsWith('/') || text.includes('\n')) return null;
  return text.slice(1).toLowerCase();
}

/** A leading slash opens the quick replies whose shortcode or text matches what follows it. */
export function filterQuickReplies(replies: readonly QuickReply[], text: string): QuickReply[] {
  const query = slashQuery(text);
  if (query === null) return [];
  return replies.filter((reply) => reply.shortcode.toLowerCase().includes(query) || reply.message.toLowerCase().includes(query));
}

/** Empty or whitespace-only text is not sent. */
export const isSendable = (text: string): boolean => text.trim() !== '';

/** The signature the original product prepends when the attendant signs: `*Name*:` on its own line. */
export const signed = (text: string, name: string): string => `*${name}*:\n${text}`;
