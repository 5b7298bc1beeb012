import type { ScheduleFrame } from '@conversa/contracts';
import type { Schedule } from './api';
import { messagePreview } from '../../shared/whatsappText';

/** The scheduled-messages table cuts the body at 25 characters. */
export const SCHEDULE_BODY_PREVIEW = 25;

/** As every message preview: WhatsApp's marks dropped, one line. */
export function previewBody(body: string): string {
  const text = messagePreview(body);
  return text.length > SCHEDULE_BODY_PREVIEW ? `${text.slice(0, SCHEDULE_BODY_PREVIEW)}...` : text;
}

/** DD/MM/YYYY HH:mm:ss in the browser's time zone. */
export function formatSendAt(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The status label's key: ERRO reads as a send error; an unknown status shows as pending. */
export const statusKey = (status: string) =>
  status === 'ERRO' ? 'schedule.status.ERRO' : status === 'ENVIADA' ? 'schedule.status.ENVIADA' : 'schedule.status.PENDENTE';

/** The list's order, as the server sorts it: latest send time first, then newest id. */
export const bySendAtDesc = (a: Schedule, b: Schedule): number => b.sendAt.localeCompare(a.sendAt) || b.id - a.id;

/**
 * The loaded list after a `schedule` frame: deleted rows leave, changed ones are replaced, new ones take their
 * place in order when they match the search (a create past the loaded pages waits for its page).
 */
export function applyScheduleFrame(list: { schedules: Schedule[]; hasMore: boolean }, frame: ScheduleFrame, searchParam: string) {
  const { action, schedule, scheduleId } = frame;
  if (action === 'delete') return { ...list, schedules: list.schedules.filter((row) => row.id !== scheduleId) };
  if (!schedule || typeof schedule.id !== 'number') return list;
  const known = list.schedules.some((row) => row.id === schedule.id);
  if (known) return { ...list, schedules: list.schedules.map((row) => (row.id === schedule.id ? schedule : row)) };
  const term = searchParam.trim().toLowerCase();
  // The server searches the body only.
  if (term !== '' && !schedule.body.toLowerCase().includes(term)) return list;
  const last = list.schedules.at(-1);
  if (list.hasMore && last && bySendAtDesc(schedule, last) > 0) return list;
  return { ...list, schedules: [...list.schedules, schedule].sort(bySendAtDesc) };
}
