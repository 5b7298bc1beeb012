import { DomainError, type OnDutyDay, type OnDutyDetails, type OnDutyEvent, type ScheduleEntry } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';
import { v5 as uuidv5 } from 'uuid';
import { isWithinOpeningHours } from '../routing/hours';

/** An announcement the entry queued, until the channel's answer is recorded. */
type Announcement = { messageId: string; ticketId: number; status: 'queued' | 'sent' | 'failed' };

export type OnDuty =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      onDutyId: number;
      details: OnDutyDetails;
      /** When the last announcement was queued: the interval rule counts from it. */
      lastQueuedAt: string | null;
      /** The latest announcements (bounded): a ticket is announced once, an answer recorded once. */
      announcements: Announcement[];
    };

export type OnDutyCommand =
  | { type: 'CreateOnDuty'; onDutyId: number; details: OnDutyDetails }
  | { type: 'ChangeOnDuty'; changes: Partial<OnDutyDetails> }
  | { type: 'DeleteOnDuty' }
  | { type: 'QueueOnDutyAnnouncement'; ticketId: number; messageId: string; whatsappId: number; body: string }
  | { type: 'RecordOnDutyAnnouncementSent'; messageId: string; providerId: string }
  | { type: 'RecordOnDutyAnnouncementFailed'; messageId: string; reason: string };

/** How many announcements the state remembers: far more than one interval can hold. */
const REMEMBERED = 50;

const HOUR_MS = 3_600_000;

const remember = (list: Announcement[], item: Announcement) => [...list.filter((a) => a.messageId !== item.messageId), item].slice(-REMEMBERED);

export const onDuty: Decider<OnDuty, OnDutyCommand, OnDutyEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'OnDutyCreated') {
      const { onDutyId, ...details } = event.data;
      return { status: 'active', onDutyId, details, lastQueuedAt: null, announcements: [] };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'OnDutyChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'OnDutyDeleted':
        return { ...state, status: 'deleted' };
      case 'OnDutyAnnouncementQueued':
        return {
          ...state,
          lastQueuedAt: event.data.at,
          announcements: remember(state.announcements, { messageId: event.data.messageId, ticketId: event.data.ticketId, status: 'queued' }),
        };
      case 'OnDutyAnnouncementSent':
      case 'OnDutyAnnouncementFailed': {
        const found = state.announcements.find((a) => a.messageId === event.data.messageId);
        if (!found) return state;
        return { ...state, announcements: remember(state.announcements, { ...found, status: event.type === 'OnDutyAnnouncementSent' ? 'sent' : 'failed' }) };
      }
    }
  },
  decide(state, command, { now }) {
    if (command.type === 'CreateOnDuty') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'On-duty entry already exists');
      return [{ type: 'OnDutyCreated', data: { onDutyId: command.onDutyId, ...command.details } }];
    }
    if (state.status === 'none') throw new DomainError('ERR_NO_ON_DUTY_FOUND');
    switch (command.type) {
      case 'ChangeOnDuty': {
        if (state.status !== 'active') throw new DomainError('ERR_NO_ON_DUTY_FOUND');
        const changes = changedFields(state.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'OnDutyChanged', data: { onDutyId: state.onDutyId, changes } }];
      }
      case 'DeleteOnDuty':
        if (state.status !== 'active') throw new DomainError('ERR_NO_ON_DUTY_FOUND');
        return [{ type: 'OnDutyDeleted', data: { onDutyId: state.onDutyId } }];
      case 'QueueOnDutyAnnouncement': {
        // A deleted entry, a ticket already announced, or an announcement within the interval: nothing to do.
        if (state.status !== 'active') return [];
        if (state.announcements.some((a) => a.ticketId === command.ticketId || a.messageId === command.messageId)) return [];
        if (state.lastQueuedAt !== null && now.getTime() - Date.parse(state.lastQueuedAt) < state.details.interval * HOUR_MS) return [];
        return [
          {
            type: 'OnDutyAnnouncementQueued',
            data: {
              onDutyId: state.onDutyId,
              ticketId: command.ticketId,
              messageId: command.messageId,
              whatsappId: command.whatsappId,
              phone: state.details.phone,
              body: command.body,
              at: now.toISOString(),
            },
          },
        ];
      }
      case 'RecordOnDutyAnnouncementSent':
      case 'RecordOnDutyAnnouncementFailed': {
        // Recorded once: a replayed send after a crash finds the answer already there.
        const found = state.announcements.find((a) => a.messageId === command.messageId);
        if (!found || found.status !== 'queued') return [];
        return command.type === 'RecordOnDutyAnnouncementSent'
          ? [{ type: 'OnDutyAnnouncementSent', data: { onDutyId: state.onDutyId, messageId: command.messageId, providerId: command.providerId } }]
          : [{ type: 'OnDutyAnnouncementFailed', data: { onDutyId: state.onDutyId, messageId: command.messageId, reason: command.reason.slice(0, 1000) } }];
      }
    }
  },
};

/**
 * Whether the entry's attendant is on duty at `now` on the wall clock of `timeZone`: inside the
 * day's window, or in the part of yesterday's window that runs past midnight (18:00–08:00).
 */
export function isOnDutyAt(days: readonly OnDutyDay[], now: Date, timeZone: string): boolean {
  const asHours: ScheduleEntry[] = days.map((day) => ({
    weekday: day.weekday,
    weekdayEn: day.weekdayEn,
    startTimeA: day.startTime,
    endTimeA: day.endTime,
    startTimeB: '',
    endTimeB: '',
  }));
  if (!asHours.some((day) => day.startTimeA !== '')) return false;
  return isWithinOpeningHours(asHours, now, timeZone);
}

/** What the on-duty attendant's phone receives for a new out-of-hours ticket. */
export function onDutyAnnouncementText(ticket: { id: number; contactName: string; contactNumber: string; connectionName: string }): string {
  const who = ticket.contactName && ticket.contactName !== ticket.contactNumber ? `${ticket.contactName} (${ticket.contactNumber})` : ticket.contactNumber;
  return `🔔 Plantão: novo atendimento fora do horário.\nContato: ${who}\nConexão: ${ticket.connectionName}\nTicket #${ticket.id}`;
}

const ON_DUTY_MESSAGE_NAMESPACE = '5d0c2b7e-6a43-4c1f-9e62-2f1f7d3c8a90';

/** The announcement's message id, from the entry and the ticket: a replayed ticket event names the same message. */
export const onDutyMessageId = (onDutyId: number, ticketId: number): string => uuidv5(`on-duty-${onDutyId}:ticket-${ticketId}`, ON_DUTY_MESSAGE_NAMESPACE);
