import { DomainError, type CompanyDetails, type CompanyEvent, type CompanySettingKey, type ScheduleEntry } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Company =
  | { status: 'none' }
  | {
      status: 'active' | 'deleted';
      companyId: number;
      planId: number;
      dueDate: string;
      details: CompanyDetails;
      settings: Record<string, string>;
      schedules: ScheduleEntry[];
    };

export type CompanyCommand =
  | { type: 'RegisterCompany'; companyId: number; planId: number; dueDate: string; details: CompanyDetails; via: 'seed' | 'signup' | 'admin' }
  | { type: 'ChangeCompanyDetails'; changes: Partial<CompanyDetails> }
  | { type: 'ChangeCompanyPlan'; planId: number }
  | { type: 'SetCompanyDueDate'; dueDate: string }
  /** A paid invoice: the due date moves to `through` unless it is already there or later (a repeated payment notice moves nothing). */
  | { type: 'ExtendCompanyDueDate'; through: string }
  /** The super user's company dialog: details, plan and due date saved as one append, so a refusal leaves none of them. */
  | { type: 'EditCompany'; changes: Partial<CompanyDetails>; planId?: number; dueDate?: string }
  | { type: 'ChangeCompanySetting'; key: CompanySettingKey; value: string }
  | { type: 'SetCompanySchedules'; schedules: ScheduleEntry[] }
  | { type: 'DeleteCompany' };

const requireActive = (state: Company) => {
  if (state.status !== 'active') throw new DomainError('ERR_NOT_FOUND', 'Company not found');
  return state;
};

export const company: Decider<Company, CompanyCommand, CompanyEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'CompanyRegistered') {
      const { companyId, planId, dueDate, via: _via, ...details } = event.data;
      return { status: 'active', companyId, planId, dueDate, details, settings: {}, schedules: [] };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CompanyDetailsChanged':
        return { ...state, details: { ...state.details, ...event.data.changes } };
      case 'CompanyPlanChanged':
        return { ...state, planId: event.data.planId };
      case 'CompanyDueDateSet':
        return { ...state, dueDate: event.data.dueDate };
      case 'CompanySettingChanged':
        return { ...state, settings: { ...state.settings, [event.data.key]: event.data.value } };
      case 'CompanySchedulesSet':
        return { ...state, schedules: event.data.schedules };
      case 'CompanyDeleted':
        return { ...state, status: 'deleted' };
    }
  },
  decide(state, command, context) {
    switch (command.type) {
      case 'RegisterCompany':
        if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Company already exists');
        return [
          {
            type: 'CompanyRegistered',
            data: { companyId: command.companyId, planId: command.planId, dueDate: command.dueDate, via: command.via, ...command.details },
          },
        ];
      case 'ChangeCompanyDetails': {
        const current = requireActive(state);
        const changes = changedFields(current.details, command.changes);
        return Object.keys(changes).length === 0 ? [] : [{ type: 'CompanyDetailsChanged', data: { companyId: current.companyId, changes } }];
      }
      case 'ChangeCompanyPlan': {
        const current = requireActive(state);
        return current.planId === command.planId ? [] : [{ type: 'CompanyPlanChanged', data: { companyId: current.companyId, planId: command.planId } }];
      }
      case 'SetCompanyDueDate': {
        const current = requireActive(state);
        if (current.dueDate === command.dueDate) return [];
        if (current.companyId === 1) throw new DomainError('ERR_NO_PERMISSION', 'Company 1 never expires');
        return [{ type: 'CompanyDueDateSet', data: { companyId: current.companyId, dueDate: command.dueDate } }];
      }
      case 'ExtendCompanyDueDate': {
        const current = requireActive(state);
        if (current.companyId === 1 || current.dueDate >= command.through) return [];
        return [{ type: 'CompanyDueDateSet', data: { companyId: current.companyId, dueDate: command.through } }];
      }
      case 'EditCompany': {
        const parts: CompanyCommand[] = [{ type: 'ChangeCompanyDetails', changes: command.changes }];
        if (command.planId !== undefined) parts.push({ type: 'ChangeCompanyPlan', planId: command.planId });
        if (command.dueDate !== undefined) parts.push({ type: 'SetCompanyDueDate', dueDate: command.dueDate });
        return parts.flatMap((part) => company.decide(state, part, context));
      }
      case 'ChangeCompanySetting': {
        const current = requireActive(state);
        return current.settings[command.key] === command.value
          ? []
          : [{ type: 'CompanySettingChanged', data: { companyId: current.companyId, key: command.key, value: command.value } }];
      }
      case 'SetCompanySchedules': {
        const current = requireActive(state);
        return [{ type: 'CompanySchedulesSet', data: { companyId: current.companyId, schedules: command.schedules } }];
      }
      case 'DeleteCompany': {
        const current = requireActive(state);
        if (current.companyId === 1) throw new DomainError('ERR_NO_PERMISSION', 'Company 1 cannot be deleted');
        return [{ type: 'CompanyDeleted', data: { companyId: current.companyId } }];
      }
    }
  },
};

/** Months a due-date advance adds for each recurrence. */
export const recurrenceMonths = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;

/**
 * The due date one recurrence later (YYYY-MM-DD). A day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), never a day of the month after.
 */
export function advanceDueDate(dueDate: string, recurrence: keyof typeof recurrenceMonths): string {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + recurrenceMonths[recurrence], 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
