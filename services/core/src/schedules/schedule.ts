import { DomainError, SCHEDULE_BODY_MIN_LENGTH, type ScheduleEvent, type ScheduleFields, type ScheduleStatus } from '@conversa/contracts';
import { v5 as uuidv5 } from 'uuid';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Schedule =
  | { status: 'none' }
  | {
      status: ScheduleStatus;
      deleted: boolean;
      scheduleId: number;
      fields: ScheduleFields;
      ticketId: number | null;
      sentAt: string | null;
      /** How many sends failed so far: each new attempt sends under a message id of its own. */
      failures: number;
    };

export type ScheduleCommand =
  | { type: 'CreateSchedule'; scheduleId: number; fields: ScheduleFields; ticketId: number | null }
  | { type: 'ChangeSchedule'; changes: Partial<ScheduleFields> }
  | { type: 'DeleteSchedule' }
  | { type: 'RecordScheduleSent'; messageId: string; ticketId: number }
  | { type: 'RecordScheduleFailed'; reason: string };

type Existing = Extract<Schedule, { deleted: boolean }>;

function existing(state: Schedule): Existing {
  if (state.status === 'none' || state.deleted) throw new DomainError('ERR_NO_SCHEDULE_FOUND');
  return state;
}

function notSent(state: Schedule): Existing {
  const current = existing(state);
  // A schedule that has sentAt cannot be saved again. Deleting it is refused
  // too: the row is the company's record of what went to the contact and when.
  if (current.sentAt !== null) throw new DomainError('ERR_SCHEDULE_ALREADY_SENT');
  return current;
}

function checkBody(body: string | undefined): void {
  if (body !== undefined && body.trim().length < SCHEDULE_BODY_MIN_LENGTH) throw new DomainError('ERR_VALIDATION', 'body: Mensagem muito curta');
}

/**
 * A message to one contact at a chosen time. The automation's sender records
 * ScheduleSent once: a second send is refused here, and the sender's command ids make its retries
 * collapse into the first.
 */
export const schedule: Decider<Schedule, ScheduleCommand, ScheduleEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'ScheduleCreated') {
      const { scheduleId, ticketId, ...fields } = event.data;
      return { status: 'PENDENTE', deleted: false, scheduleId, fields, ticketId, sentAt: null, failures: 0 };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'ScheduleChanged':
        // Saving a failed schedule puts it back in line for the sender.
        return { ...state, status: 'PENDENTE', fields: { ...state.fields, ...event.data.changes } };
      case 'ScheduleDeleted':
        return { ...state, deleted: true };
      case 'ScheduleSent':
        return { ...state, status: 'ENVIADA', sentAt: event.data.sentAt };
      case 'ScheduleFailed':
        return { ...state, status: 'ERRO', failures: state.failures + 1 };
    }
  },
  decide(state, command, { now }) {
    switch (command.type) {
      case 'CreateSchedule':
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Schedule already exists');
        checkBody(command.fields.body);
        return [{ type: 'ScheduleCreated', data: { scheduleId: command.scheduleId, ticketId: command.ticketId, ...command.fields } }];
      case 'ChangeSchedule': {
        const current = notSent(state);
        checkBody(command.changes.body);
        const changes = changedFields(current.fields, command.changes);
        // An unchanged save of a failed schedule still means "try again".
        if (Object.keys(changes).length === 0 && current.status !== 'ERRO') return [];
        return [{ type: 'ScheduleChanged', data: { scheduleId: current.scheduleId, changes } }];
      }
      case 'DeleteSchedule': {
        const current = notSent(state);
        return [{ type: 'ScheduleDeleted', data: { scheduleId: current.scheduleId } }];
      }
      case 'RecordScheduleSent': {
        const current = notSent(state);
        return [
          {
            type: 'ScheduleSent',
            data: { scheduleId: current.scheduleId, sentAt: now.toISOString(), messageId: command.messageId, ticketId: command.ticketId },
          },
        ];
      }
      case 'RecordScheduleFailed': {
        const current = notSent(state);
        if (current.status === 'ERRO') return [];
        return [{ type: 'ScheduleFailed', data: { scheduleId: current.scheduleId, reason: command.reason.slice(0, 2000), failedAt: now.toISOString() } }];
      }
    }
  },
};

/** Namespace of the message ids the sender derives: one id per schedule and attempt. */
const SCHEDULE_MESSAGE_NAMESPACE = '0b7f5c52-3f0e-4d55-9a0e-8c4f2f6a9d13';

/** The id of the message a schedule's attempt queues: retrying the same attempt queues the same message. */
export const scheduleMessageId = (scheduleId: number, attempt: number): string => uuidv5(`schedule-${scheduleId}:${attempt}`, SCHEDULE_MESSAGE_NAMESPACE);

/** Whether the sender should act on it now. */
export const isDue = (state: Schedule, now: Date): state is Existing & { status: 'PENDENTE' } =>
  state.status === 'PENDENTE' && !state.deleted && Date.parse(state.fields.sendAt) <= now.getTime();
