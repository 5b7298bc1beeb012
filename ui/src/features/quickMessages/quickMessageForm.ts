import type { Profile, QuickMessageFrame } from '@conversa/contracts';
import { inAudience, roleTable } from '@conversa/contracts/session/roles';
import type { QuickMessage, QuickMessageList } from './api';

/** Who is editing: the role table's generalQuickMessages row manages every quick reply and the general flag. */
export interface QuickMessageViewer {
  id: number;
  profile: string;
  super: boolean;
}

export const managesAllQuickMessages = (viewer: QuickMessageViewer): boolean =>
  inAudience(
    { showDashboard: false, allowRealTime: false, allowConnections: false, ...viewer, profile: viewer.profile as Profile },
    roleTable.generalQuickMessages.write,
  );

/** A plain user edits and deletes only their own non-general replies; the server refuses the rest. */
export const mayChangeQuickMessage = (viewer: QuickMessageViewer, message: Pick<QuickMessage, 'geral' | 'userId'>): boolean =>
  managesAllQuickMessages(viewer) || (!message.geral && message.userId === viewer.id);

export interface QuickMessageValues {
  shortcode: string;
  message: string;
  geral: boolean;
  isCategory: boolean;
  categoryId: number | null;
}

export const emptyQuickMessage = (): QuickMessageValues => ({ shortcode: '', message: '', geral: false, isCategory: false, categoryId: null });

export const valuesOf = (message: QuickMessage): QuickMessageValues => ({
  shortcode: message.shortcode,
  message: message.message,
  geral: message.geral,
  isCategory: message.isCategory,
  categoryId: message.categoryId,
});

export type QuickMessageErrors = Partial<Record<'shortcode', 'required'>>;

/** The shortcode is required ('Obrigatório'); the message may be empty when a file is attached. */
export function validateQuickMessage(values: QuickMessageValues): QuickMessageErrors {
  return values.shortcode.trim() === '' ? { shortcode: 'required' } : {};
}

/** The request body: trimmed shortcode; a category has no category of its own; the general flag only from who may set it. */
export function requestOf(values: QuickMessageValues, viewer: QuickMessageViewer) {
  return {
    shortcode: values.shortcode.trim(),
    message: values.message,
    isCategory: values.isCategory,
    categoryId: values.isCategory ? null : values.categoryId,
    ...(managesAllQuickMessages(viewer) ? { geral: values.geral } : {}),
  };
}

/** The table's second column: the message, or the attachment's name for a reply that sends a file. */
export const quickMessageLabel = (message: Pick<QuickMessage, 'message' | 'mediaName'>): string => message.mediaName ?? message.message;

const byShortcode = (a: QuickMessage, b: QuickMessage) => a.shortcode.toLowerCase().localeCompare(b.shortcode.toLowerCase()) || a.id - b.id;

/** The loaded list after a `quickmessage` frame, in the server's shortcode order; a search keeps to its matches. */
export function applyQuickMessageFrame(list: QuickMessageList, frame: QuickMessageFrame, searchParam: string): QuickMessageList {
  const { action, record, id } = frame;
  if (action === 'delete') {
    const records = list.records.filter((row) => row.id !== id);
    return { ...list, records, count: list.count - (list.records.length - records.length) };
  }
  if (!record || typeof record.id !== 'number') return list;
  const known = list.records.some((row) => row.id === record.id);
  if (known) return { ...list, records: list.records.map((row) => (row.id === record.id ? record : row)).sort(byShortcode) };
  const term = searchParam.trim().toLowerCase();
  if (term !== '' && !record.shortcode.toLowerCase().includes(term) && !record.message.toLowerCase().includes(term)) return list;
  const last = list.records.at(-1);
  if (list.hasMore && last && byShortcode(record, last) > 0) return { ...list, count: list.count + 1 };
  return { ...list, records: [...list.records, record].sort(byShortcode), count: list.count + 1 };
}
