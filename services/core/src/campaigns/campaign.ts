import { CAMPAIGN_EDIT_LEAD_MS, DomainError, type CampaignDetails, type CampaignEvent, type CampaignStatus, type PauseReason } from '@conversa/contracts';
import type { Decider } from '../commands/decider';
import { changedFields } from '../commands/changes';

export type Campaign =
  | { status: 'none' }
  | {
      status: CampaignStatus;
      deleted: boolean;
      campaignId: number;
      details: CampaignDetails;
      /** Set once it started: the plan is made once, a restart resumes it. */
      startedAt: string | null;
      completedAt: string | null;
      pause: PauseReason | null;
    };

export type CampaignCommand =
  | { type: 'CreateCampaign'; campaignId: number; details: CampaignDetails; userId: number | null }
  | { type: 'ChangeCampaign'; changes: Partial<CampaignDetails> }
  | { type: 'DeleteCampaign' }
  /** The engine, when a PROGRAMADA campaign's time has come. */
  | { type: 'StartCampaign' }
  /** A user (pause null), or the engine pausing it (pause says why). */
  | { type: 'CancelCampaign'; pause: PauseReason | null }
  | { type: 'RestartCampaign' }
  | { type: 'FinishCampaign' };

/** Before it starts, the status follows the schedule: a time makes it PROGRAMADA, none INATIVA. */
const waitingStatus = (details: CampaignDetails): CampaignStatus => (details.scheduledAt ? 'PROGRAMADA' : 'INATIVA');

/** The editing rule: INATIVA, or PROGRAMADA with its start more than an hour away. */
export function campaignEditable(state: { status: CampaignStatus; details: Pick<CampaignDetails, 'scheduledAt'> }, now: Date): boolean {
  if (state.status === 'INATIVA') return true;
  if (state.status !== 'PROGRAMADA' || !state.details.scheduledAt) return false;
  return Date.parse(state.details.scheduledAt) - now.getTime() > CAMPAIGN_EDIT_LEAD_MS;
}

export const campaign: Decider<Campaign, CampaignCommand, CampaignEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    if (event.type === 'CampaignCreated') {
      const { campaignId, details } = event.data;
      return { status: waitingStatus(details), deleted: false, campaignId, details, startedAt: null, completedAt: null, pause: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CampaignChanged': {
        const details = { ...state.details, ...event.data.changes };
        const status = state.status === 'INATIVA' || state.status === 'PROGRAMADA' ? waitingStatus(details) : state.status;
        return { ...state, details, status };
      }
      case 'CampaignDeleted':
        return { ...state, deleted: true };
      case 'CampaignStarted':
        return { ...state, status: 'EM_ANDAMENTO', startedAt: event.data.startedAt, pause: null };
      case 'CampaignCancelled':
        return { ...state, status: 'CANCELADA', pause: event.data.pause };
      case 'CampaignRestarted':
        return { ...state, status: 'EM_ANDAMENTO', pause: null };
      case 'CampaignFinished':
        return { ...state, status: 'FINALIZADA', completedAt: event.data.completedAt };
    }
  },
  decide(state, command, { now }) {
    if (command.type === 'CreateCampaign') {
      if (state.status !== 'none') throw new DomainError('ERR_VALIDATION', 'Campaign already exists');
      return [{ type: 'CampaignCreated', data: { campaignId: command.campaignId, details: command.details, userId: command.userId } }];
    }
    if (state.status === 'none' || state.deleted) throw new DomainError('ERR_NO_CAMPAIGN_FOUND');
    const campaignId = state.campaignId;
    switch (command.type) {
      case 'ChangeCampaign': {
        const changes = changedFields(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        if (!campaignEditable(state, now)) throw new DomainError('ERR_CAMPAIGN_NOT_EDITABLE');
        return [{ type: 'CampaignChanged', data: { campaignId, changes } }];
      }
      case 'DeleteCampaign':
        return [{ type: 'CampaignDeleted', data: { campaignId } }];
      case 'StartCampaign':
        // Only a due PROGRAMADA campaign starts; anything else is a stale tick (nothing to do).
        if (state.status !== 'PROGRAMADA' || !state.details.scheduledAt || Date.parse(state.details.scheduledAt) > now.getTime()) return [];
        return [{ type: 'CampaignStarted', data: { campaignId, startedAt: now.toISOString() } }];
      case 'CancelCampaign':
        if (command.pause !== null && state.status === 'PROGRAMADA') return [{ type: 'CampaignCancelled', data: { campaignId, pause: command.pause } }];
        if (state.status !== 'EM_ANDAMENTO') throw new DomainError('ERR_CAMPAIGN_NOT_RUNNING');
        return [{ type: 'CampaignCancelled', data: { campaignId, pause: command.pause } }];
      case 'RestartCampaign':
        if (state.status !== 'CANCELADA') throw new DomainError('ERR_CAMPAIGN_NOT_CANCELLED');
        // A campaign refused before it ever started starts now; one cancelled mid-way resumes its plan.
        if (state.startedAt === null) return [{ type: 'CampaignStarted', data: { campaignId, startedAt: now.toISOString() } }];
        return [{ type: 'CampaignRestarted', data: { campaignId } }];
      case 'FinishCampaign':
        if (state.status !== 'EM_ANDAMENTO') return [];
        return [{ type: 'CampaignFinished', data: { campaignId, completedAt: now.toISOString() } }];
    }
  },
};
