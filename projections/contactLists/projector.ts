import { defineProjector } from '@conversa/platform';
import { sql, type Transaction } from 'kysely';
import type { ReadDatabase } from '../database';
import { entityFrames } from '../frames';
import { migrateContactLists } from './migration';
import { findContactList, findContactListItem } from './queries';

type Touch = { companyId: number; action: 'create' | 'update' | 'delete' };

/** Frames of a big import: past this many items in a batch, one `reload` of the list instead of a frame per item. */
const ITEM_FRAMES_PER_BATCH = 50;

export const contactListsProjector = defineProjector({
  name: 'contactLists',
  version: 2,
  eventTypes: [
    'ContactListCreated',
    'ContactListRenamed',
    'ContactListDeleted',
    'ContactListItemsAdded',
    'ContactListItemChanged',
    'ContactListItemRemoved',
    'ContactListItemsValidated',
    'CampaignContactOptedOut',
    'ContactErased',
  ],
  tables: ['read.contact_lists', 'read.contact_list_items', 'read.campaign_optouts'],
  migrate: migrateContactLists,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const lists = new Map<number, Touch>();
    const items = new Map<number, Touch & { contactListId: number }>();
    const reloads = new Map<number, number>();
    const deletedLists = new Map<number, boolean>();
    const touchList = (id: number, companyId: number, action: Touch['action']) =>
      lists.set(id, { companyId, action: lists.get(id)?.action === 'create' && action === 'update' ? 'create' : action });
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      switch (event.type) {
        case 'ContactListCreated':
          await trx
            .insertInto('read.contact_lists')
            .values({ id: event.data.contactListId, company_id: companyId, name: event.data.name, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          touchList(event.data.contactListId, companyId, 'create');
          break;
        case 'ContactListRenamed':
          await trx.updateTable('read.contact_lists').set({ name: event.data.name, updated_at: at }).where('id', '=', event.data.contactListId).execute();
          touchList(event.data.contactListId, companyId, 'update');
          break;
        case 'ContactListDeleted':
          await trx.updateTable('read.contact_lists').set({ deleted: true, updated_at: at }).where('id', '=', event.data.contactListId).execute();
          deletedLists.set(event.data.contactListId, true);
          await trx.deleteFrom('read.contact_list_items').where('contact_list_id', '=', event.data.contactListId).execute();
          touchList(event.data.contactListId, companyId, 'delete');
          break;
        case 'ContactListItemsAdded': {
          const { contactListId } = event.data;
          // Adds commute with the list's deletion: one that landed after it adds nothing (as the decider folds it).
          if (!deletedLists.has(contactListId)) {
            const list = await trx.selectFrom('read.contact_lists').select('deleted').where('id', '=', contactListId).executeTakeFirst();
            deletedLists.set(contactListId, list?.deleted === true);
          }
          if (deletedLists.get(contactListId)) break;
          await trx
            .insertInto('read.contact_list_items')
            .values(
              event.data.items.map((item) => ({
                id: item.itemId,
                company_id: companyId,
                contact_list_id: contactListId,
                name: item.name,
                number: item.number,
                email: item.email,
                is_whatsapp_valid: null,
                number_digest: item.digest ?? null,
                created_at: at,
                updated_at: at,
              })),
            )
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          for (const item of event.data.items) items.set(item.itemId, { companyId, contactListId, action: 'create' });
          touchList(contactListId, companyId, 'update');
          break;
        }
        case 'ContactListItemChanged': {
          const { contactListId, itemId, changes } = event.data;
          // A new number has not been checked yet.
          await trx
            .updateTable('read.contact_list_items')
            .set({
              ...changes,
              ...(changes.number !== undefined ? { is_whatsapp_valid: null, number_digest: event.data.digest ?? null } : {}),
              updated_at: at,
            })
            .where('id', '=', itemId)
            .execute();
          items.set(itemId, { companyId, contactListId, action: items.get(itemId)?.action === 'create' ? 'create' : 'update' });
          touchList(contactListId, companyId, 'update');
          break;
        }
        case 'ContactListItemRemoved':
          await trx.deleteFrom('read.contact_list_items').where('id', '=', event.data.itemId).execute();
          items.set(event.data.itemId, { companyId, contactListId: event.data.contactListId, action: 'delete' });
          touchList(event.data.contactListId, companyId, 'update');
          break;
        case 'CampaignContactOptedOut': {
          await trx
            .insertInto('read.campaign_optouts')
            .values({ company_id: companyId, number: event.data.number, number_digest: event.data.digest ?? null, word: event.data.word, at })
            .onConflict((oc) => oc.columns(['company_id', 'number']).doNothing())
            .execute();
          // Every list holding the number shows the mark.
          const holding = await trx
            .selectFrom('read.contact_list_items')
            .select(['id', 'contact_list_id'])
            .where('company_id', '=', companyId)
            .where('number', '=', event.data.number)
            .execute();
          for (const item of holding) items.set(item.id, { companyId, contactListId: item.contact_list_id, action: items.get(item.id)?.action ?? 'update' });
          break;
        }
        case 'ContactErased': {
          // LGPD erasure: the number's items go (the lists show them no more); its opt-out stays, as its digest only.
          const digest = event.data.numberDigest;
          if (!digest) break;
          const gone = await trx
            .deleteFrom('read.contact_list_items')
            .where('company_id', '=', companyId)
            .where('number_digest', '=', digest)
            .returning(['id', 'contact_list_id'])
            .execute();
          for (const item of gone) {
            items.set(item.id, { companyId, contactListId: item.contact_list_id, action: 'delete' });
            touchList(item.contact_list_id, companyId, 'update');
          }
          await trx
            .updateTable('read.campaign_optouts')
            .set({ number: null })
            .where('company_id', '=', companyId)
            .where('number_digest', '=', digest)
            .execute();
          break;
        }
        case 'ContactListItemsValidated': {
          const { contactListId, results } = event.data;
          // Only an item that still holds the number the channel answered for.
          await sql`
            update read.contact_list_items i set is_whatsapp_valid = v.valid, updated_at = ${at}
            from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as v("itemId" integer, number text, valid boolean)
            where i.id = v."itemId" and i.number = v.number`.execute(trx);
          for (const result of results) items.set(result.itemId, { companyId, contactListId, action: items.get(result.itemId)?.action ?? 'update' });
          touchList(contactListId, companyId, 'update');
          break;
        }
      }
    }
    const perList = new Map<number, number>();
    for (const item of items.values()) perList.set(item.contactListId, (perList.get(item.contactListId) ?? 0) + 1);
    for (const [contactListId, count] of perList) if (count > ITEM_FRAMES_PER_BATCH) reloads.set(contactListId, lists.get(contactListId)?.companyId ?? 0);

    const changes = await entityFrames(lists, { entity: 'ContactList', idKey: 'id', viewKey: 'record' }, (companyId, id) =>
      findContactList(trx, companyId, id),
    );
    for (const [contactListId, companyId] of reloads) changes.push({ companyId, entity: 'ContactListItem', data: { action: 'reload', contactListId } });
    for (const [id, { companyId, action, contactListId }] of items) {
      if (reloads.has(contactListId)) continue;
      if (action === 'delete') changes.push({ companyId, entity: 'ContactListItem', data: { action, id, contactListId } });
      else {
        const record = await findContactListItem(trx, companyId, id);
        if (record) changes.push({ companyId, entity: 'ContactListItem', data: { action, record } });
      }
    }
    return changes;
  },
});
