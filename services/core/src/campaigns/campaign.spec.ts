import type { CampaignDetails, CampaignEvent } from '@conversa/contracts';
import { describe, it } from 'vitest';
import { spec } from '../commands/spec';
import { campaign } from './campaign';

const now = new Date('2026-01-15T12:00:00.000Z');
const details = (scheduledAt: string | null): CampaignDetails => ({
  name: 'Promo',
  messages: ['Olá {firstName}', '', '', '', ''],
  confirmationMessages: ['', '', '', '', ''],
  confirmation: false,
  scheduledAt,
  contactListId: 3,
  tagListId: null,
  whatsappIds: [1],
  fileListId: null,
  media: null,
  sendWindow: null,
});
const created = (scheduledAt: string | null): CampaignEvent => ({ type: 'CampaignCreated', data: { campaignId: 9, details: details(scheduledAt), userId: 2 } });
const started: CampaignEvent = { type: 'CampaignStarted', data: { campaignId: 9, startedAt: '2026-01-15T11:00:00.000Z' } };
const cancelled: CampaignEvent = { type: 'CampaignCancelled', data: { campaignId: 9, pause: null } };
const inTwoHours = '2026-01-15T14:00:00.000Z';
const inThirtyMinutes = '2026-01-15T12:30:00.000Z';

describe('campaign decider: status machine', () => {
  it('starts INATIVA without a schedule and PROGRAMADA with one', () => {
    spec(campaign)
      .given([created(null)])
      .when({ type: 'FinishCampaign' }, now)
      .then([]);
    spec(campaign)
      .given([])
      .when({ type: 'CreateCampaign', campaignId: 9, details: details(null), userId: 2 }, now)
      .thenState((s) => expectStatus(s, 'INATIVA'));
    spec(campaign)
      .given([])
      .when({ type: 'CreateCampaign', campaignId: 9, details: details(inTwoHours), userId: 2 }, now)
      .thenState((s) => expectStatus(s, 'PROGRAMADA'));
  });

  it('starts a PROGRAMADA campaign only once its time has come', () => {
    spec(campaign)
      .given([created(inTwoHours)])
      .when({ type: 'StartCampaign' }, now)
      .then([]);
    spec(campaign)
      .given([created('2026-01-15T11:59:00.000Z')])
      .when({ type: 'StartCampaign' }, now)
      .then([{ type: 'CampaignStarted', data: { campaignId: 9, startedAt: now.toISOString() } }]);
    spec(campaign)
      .given([created(null)])
      .when({ type: 'StartCampaign' }, now)
      .then([]);
  });

  it('cancels only EM_ANDAMENTO, restarts only CANCELADA (resuming, not starting again)', () => {
    spec(campaign)
      .given([created(null)])
      .when({ type: 'CancelCampaign', pause: null }, now)
      .thenThrows('ERR_CAMPAIGN_NOT_RUNNING');
    spec(campaign)
      .given([created(inThirtyMinutes), started])
      .when({ type: 'CancelCampaign', pause: null }, now)
      .then([cancelled]);
    spec(campaign)
      .given([created(inThirtyMinutes), started])
      .when({ type: 'RestartCampaign' }, now)
      .thenThrows('ERR_CAMPAIGN_NOT_CANCELLED');
    spec(campaign)
      .given([created(inThirtyMinutes), started, cancelled])
      .when({ type: 'RestartCampaign' }, now)
      .then([{ type: 'CampaignRestarted', data: { campaignId: 9 } }]);
    spec(campaign)
      .given([created(inThirtyMinutes), started, cancelled])
      .when({ type: 'RestartCampaign' }, now)
      .thenState((s) => expectStatus(s, 'EM_ANDAMENTO'));
  });

  it('an engine pause records its reason; a start it refused restarts as a first start', () => {
    const pause = { code: 'RATE_LIMIT', detail: 'rate-overlimit' };
    spec(campaign)
      .given([created(inThirtyMinutes), started])
      .when({ type: 'CancelCampaign', pause }, now)
      .then([{ type: 'CampaignCancelled', data: { campaignId: 9, pause } }]);
    const refused: CampaignEvent = { type: 'CampaignCancelled', data: { campaignId: 9, pause: { code: 'ERR_CAMPAIGN_LIST_EMPTY', detail: '' } } };
    spec(campaign)
      .given([created(inThirtyMinutes)])
      .when({ type: 'CancelCampaign', pause: refused.data.pause }, now)
      .then([refused]);
    spec(campaign)
      .given([created(inThirtyMinutes), refused])
      .when({ type: 'RestartCampaign' }, now)
      .then([{ type: 'CampaignStarted', data: { campaignId: 9, startedAt: now.toISOString() } }]);
  });

  it('finishes a running campaign once', () => {
    spec(campaign)
      .given([created(inThirtyMinutes), started])
      .when({ type: 'FinishCampaign' }, now)
      .then([{ type: 'CampaignFinished', data: { campaignId: 9, completedAt: now.toISOString() } }]);
    spec(campaign)
      .given([created(inThirtyMinutes), started, { type: 'CampaignFinished', data: { campaignId: 9, completedAt: now.toISOString() } }])
      .when({ type: 'FinishCampaign' }, now)
      .then([]);
  });
});

describe('campaign decider: the editing rule', () => {
  const rename = { type: 'ChangeCampaign' as const, changes: { name: 'Nova' } };
  it('edits an INATIVA campaign, and a PROGRAMADA one more than an hour ahead', () => {
    spec(campaign)
      .given([created(null)])
      .when(rename, now)
      .then([{ type: 'CampaignChanged', data: { campaignId: 9, changes: { name: 'Nova' } } }]);
    spec(campaign)
      .given([created(inTwoHours)])
      .when(rename, now)
      .then([{ type: 'CampaignChanged', data: { campaignId: 9, changes: { name: 'Nova' } } }]);
  });
  it('refuses within the hour, once running, cancelled or finished', () => {
    spec(campaign)
      .given([created(inThirtyMinutes)])
      .when(rename, now)
      .thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
    spec(campaign)
      .given([created(inThirtyMinutes), started])
      .when(rename, now)
      .thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
    spec(campaign)
      .given([created(inThirtyMinutes), started, cancelled])
      .when(rename, now)
      .thenThrows('ERR_CAMPAIGN_NOT_EDITABLE');
  });
  it('a change of schedule moves INATIVA and PROGRAMADA into each other; a save with nothing changed writes nothing', () => {
    spec(campaign)
      .given([created(null)])
      .when({ type: 'ChangeCampaign', changes: { scheduledAt: inTwoHours } }, now)
      .thenState((s) => expectStatus(s, 'PROGRAMADA'));
    spec(campaign)
      .given([created(inTwoHours)])
      .when({ type: 'ChangeCampaign', changes: { scheduledAt: null } }, now)
      .thenState((s) => expectStatus(s, 'INATIVA'));
    spec(campaign)
      .given([created(inThirtyMinutes), started])
      .when({ type: 'ChangeCampaign', changes: { name: 'Promo' } }, now)
      .then([]);
  });
  it('a deleted campaign is not found', () => {
    spec(campaign)
      .given([created(null), { type: 'CampaignDeleted', data: { campaignId: 9 } }])
      .when(rename, now)
      .thenThrows('ERR_NO_CAMPAIGN_FOUND');
  });
});

function expectStatus(state: ReturnType<typeof campaign.initialState>, status: string) {
  if (state.status !== status) throw new Error(`expected ${status}, got ${state.status}`);
}
