import { defaultCampaignSettings, ERASED_TEXT, type RecordedProductEvent } from '@conversa/contracts';
import { defineProjector } from '@conversa/platform';
import type { Transaction, Updateable } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames, type TouchedRecords } from '../frames';
import { rowUpdater, touch } from '../records';
import { migrateCampaigns } from './migration';
import { findCampaign } from './queries';
import type { CampaignShippingsTable } from './tables';

type Outcome =
  'CampaignShippingDelivered' | 'CampaignConfirmationRequested' | 'CampaignShippingConfirmed' | 'CampaignShippingFailed' | 'CampaignShippingSkipped';

/** What each outcome of a shipping writes on its row. */
const outcomes: { [T in Outcome]: (data: RecordedProductEvent<T>['data']) => Updateable<CampaignShippingsTable> } = {
  CampaignShippingDelivered: (data) => ({ status: 'delivered', delivered_at: data.deliveredAt }),
  CampaignConfirmationRequested: (data) => ({ status: 'confirmation_requested', confirmation_requested_at: data.requestedAt }),
  CampaignShippingConfirmed: (data) => ({ status: 'confirmed', confirmed_at: data.confirmedAt }),
  CampaignShippingFailed: (data) => ({ status: 'failed', failed_reason: data.reason }),
  CampaignShippingSkipped: (data) => ({ status: 'skipped', failed_reason: data.reason }),
};

// The event's type and data agree; TypeScript does not carry that through the lookup.
const outcomeColumns = (type: Outcome, data: RecordedProductEvent<Outcome>['data']) =>
  (outcomes[type] as (data: RecordedProductEvent<Outcome>['data']) => Updateable<CampaignShippingsTable>)(data);

export const campaignsProjector = defineProjector({
  name: 'campaigns',
  version: 2,
  eventTypes: [
    'CampaignCreated',
    'CampaignChanged',
    'CampaignDeleted',
    'CampaignStarted',
    'CampaignCancelled',
    'CampaignRestarted',
    'CampaignFinished',
    'CampaignShippingsPlanned',
    'CampaignShippingAttempted',
    'CampaignShippingDelivered',
    'CampaignConfirmationRequested',
    'CampaignShippingConfirmed',
    'CampaignShippingFailed',
    'CampaignShippingSkipped',
    'CampaignSettingsSaved',
    'ContactErased',
  ],
  tables: ['read.campaigns', 'read.campaign_shippings', 'read.campaign_settings'],
  migrate: migrateCampaigns,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched: TouchedRecords = new Map();
    const update = rowUpdater(trx, 'read.campaigns');
    const shipping = (campaignId: number, itemId: number) =>
      trx.updateTable('read.campaign_shippings').where('campaign_id', '=', campaignId).where('item_id', '=', itemId);
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      switch (event.type) {
        case 'CampaignCreated': {
          const { campaignId, details } = event.data;
          await trx
            .insertInto('read.campaigns')
            .values({
              id: campaignId,
              company_id: companyId,
              name: details.name,
              details: JSON.stringify(details),
              status: details.scheduledAt ? 'PROGRAMADA' : 'INATIVA',
              pause: 'null',
              created_at: at,
              updated_at: at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touch(touched, campaignId, companyId, 'create');
          break;
        }
        case 'CampaignChanged': {
          const { campaignId, changes } = event.data;
          const row = await trx.selectFrom('read.campaigns').select(['details', 'status']).where('id', '=', campaignId).executeTakeFirst();
          if (!row) break;
          const details = { ...row.details, ...changes };
          const waiting = row.status === 'INATIVA' || row.status === 'PROGRAMADA';
          await update(
            campaignId,
            {
              name: details.name,
              details: JSON.stringify(details),
              status: waiting ? (details.scheduledAt ? 'PROGRAMADA' : 'INATIVA') : row.status,
            },
            at,
          );
          touch(touched, campaignId, companyId, 'update');
          break;
        }
        case 'CampaignDeleted':
          await update(event.data.campaignId, { deleted: true }, at);
          touch(touched, event.data.campaignId, companyId, 'delete');
          break;
        case 'CampaignStarted':
          await update(event.data.campaignId, { status: 'EM_ANDAMENTO', started_at: event.data.startedAt, pause: 'null' }, at);
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'CampaignCancelled':
          await update(event.data.campaignId, { status: 'CANCELADA', pause: JSON.stringify(event.data.pause) }, at);
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'CampaignRestarted':
          await update(event.data.campaignId, { status: 'EM_ANDAMENTO', pause: 'null' }, at);
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'CampaignFinished':
          await update(event.data.campaignId, { status: 'FINALIZADA', completed_at: event.data.completedAt }, at);
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'ContactErased': {
          // LGPD erasure: the number's shippings keep their rows (the campaigns' figures count them), not who they were for.
          if (!event.data.numberDigest) break;
          const scrubbed = await trx
            .updateTable('read.campaign_shippings')
            .set({ name: ERASED_TEXT, number: ERASED_TEXT })
            .where('company_id', '=', companyId)
            .where('number_digest', '=', event.data.numberDigest)
            .returning('campaign_id')
            .execute();
          for (const { campaign_id } of scrubbed) touch(touched, campaign_id, companyId, 'update');
          break;
        }
        case 'CampaignShippingsPlanned':
          await trx
            .insertInto('read.campaign_shippings')
            .values(
              event.data.shippings.map((s) => ({
                campaign_id: event.data.campaignId,
                item_id: s.itemId,
                company_id: companyId,
                name: s.name,
                number: s.number,
                number_digest: s.digest ?? null,
                connection_id: s.connectionId,
                status: 'planned',
              })),
            )
            .onConflict((oc) => oc.columns(['campaign_id', 'item_id']).doNothing())
            .execute();
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'CampaignShippingAttempted':
          await shipping(event.data.campaignId, event.data.itemId).set({ message_id: event.data.messageId, connection_id: event.data.connectionId }).execute();
          await shipping(event.data.campaignId, event.data.itemId).set({ status: 'sending' }).where('status', '=', 'planned').execute();
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'CampaignShippingDelivered':
        case 'CampaignConfirmationRequested':
        case 'CampaignShippingConfirmed':
        case 'CampaignShippingFailed':
        case 'CampaignShippingSkipped':
          await shipping(event.data.campaignId, event.data.itemId).set(outcomeColumns(event.type, event.data)).execute();
          touch(touched, event.data.campaignId, companyId, 'update');
          break;
        case 'CampaignSettingsSaved':
          await trx
            .insertInto('read.campaign_settings')
            .values({ company_id: companyId, settings: JSON.stringify({ ...defaultCampaignSettings, ...event.data }) })
            .onConflict((oc) => oc.column('company_id').doUpdateSet({ settings: JSON.stringify({ ...defaultCampaignSettings, ...event.data }) }))
            .execute();
          break;
      }
    }
    return entityFrames(touched, { entity: 'campaign', idKey: 'id', viewKey: 'record' }, (companyId, id) => findCampaign(trx, companyId, id));
  },
});
