import type { ContactFrame } from '@conversa/contracts';
import { defineProjector, type ProjectionChange } from '@conversa/platform';
import type { Insertable, Transaction } from 'kysely';
import { fieldColumns } from '../columns';
import type { ReadDatabase } from '../database';
import { migrateContacts } from './migration';
import { findContacts } from './queries';
import type { ContactsTable } from './tables';
import { rowUpdater } from '../records';

/** Event field → column of read.contacts, for the details a ContactDetailsChanged may carry. */
const detailRow = fieldColumns<ContactsTable>()(
  { name: 'name', number: 'number', email: 'email', profilePicUrl: 'profile_pic_url', extraInfo: 'extra_info' },
  // jsonb: pg would send a JS array as a Postgres array.
  { extraInfo: JSON.stringify },
);

/** What an erased contact keeps of its personal columns (the not-null ones blank; the UI shows "Contato removido #id"). */
const ERASED_CONTACT = { name: '', number: '', email: '', profile_pic_url: null, lgpd_accepted_at: null, erased: true, deleted: true } as const;

/** Rows per insert statement (Postgres takes at most 65,535 parameters a statement). */
const CREATE_CHUNK = 1_000;

export const contactsProjector = defineProjector({
  name: 'contacts',
  // 2: the e-mail trigram index (the list searches e-mails).
  version: 2,
  eventTypes: [
    'ContactCreated',
    'ContactDetailsChanged',
    'ContactBlocked',
    'ContactUnblocked',
    'ContactBotToggled',
    'ContactAudioToggled',
    'ContactTagsChanged',
    'ContactDeleted',
    'ContactErased',
    'TagDeleted',
  ],
  tables: ['read.contacts', 'read.contact_tags'],
  migrate: migrateContacts,
  async handle(trx: Transaction<ReadDatabase>, events) {
    const touched = new Map<number, { companyId: number; action: 'create' | 'update' | 'delete' }>();
    const touch = (contactId: number, companyId: number) => touched.set(contactId, { companyId, action: touched.get(contactId)?.action ?? 'update' });
    const update = rowUpdater(trx, 'read.contacts');

    // Creations in a row (an import writes hundreds) go in as one insert, written before any other event.
    let created: Insertable<ContactsTable>[] = [];
    const flush = async () => {
      if (created.length === 0) return;
      await trx
        .insertInto('read.contacts')
        .values(created)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      created = [];
    };
    for (const event of events) {
      const at = new Date(event.metadata.occurredAt);
      const companyId = event.metadata.companyId;
      const { type, data } = event;
      if (type !== 'ContactCreated') await flush();
      switch (type) {
        case 'ContactCreated':
          created.push({
            id: data.contactId,
            company_id: companyId,
            ...detailRow(data),
            active: data.active,
            disable_bot: data.disableBot,
            accept_audio_message: data.acceptAudioMessage,
            channel: data.channel,
            is_group: data.isGroup,
            created_at: at,
            updated_at: at,
          } as Insertable<ContactsTable>);
          if (created.length >= CREATE_CHUNK) await flush();
          touched.set(data.contactId, { companyId, action: 'create' });
          break;
        case 'ContactDetailsChanged':
          await update(data.contactId, detailRow(data.changes), at);
          touch(data.contactId, companyId);
          break;
        case 'ContactBlocked':
        case 'ContactUnblocked':
          await update(data.contactId, { active: type === 'ContactUnblocked' }, at);
          touch(data.contactId, companyId);
          break;
        case 'ContactBotToggled':
          await update(data.contactId, { disable_bot: data.disableBot }, at);
          touch(data.contactId, companyId);
          break;
        case 'ContactAudioToggled':
          await update(data.contactId, { accept_audio_message: data.acceptAudioMessage }, at);
          touch(data.contactId, companyId);
          break;
        case 'ContactTagsChanged':
          await trx.deleteFrom('read.contact_tags').where('contact_id', '=', data.contactId).execute();
          if (data.tagIds.length > 0) {
            await trx
              .insertInto('read.contact_tags')
              .values(data.tagIds.map((tagId) => ({ company_id: companyId, contact_id: data.contactId, tag_id: tagId })))
              .onConflict((oc) => oc.columns(['contact_id', 'tag_id']).doNothing())
              .execute();
          }
          await update(data.contactId, {}, at);
          touch(data.contactId, companyId);
          break;
        case 'ContactDeleted':
          await update(data.contactId, { deleted: true }, at);
          await trx.deleteFrom('read.contact_tags').where('contact_id', '=', data.contactId).execute();
          touched.set(data.contactId, { companyId, action: 'delete' });
          break;
        case 'ContactErased':
          // LGPD erasure: the row stays so tickets still point at it, with nothing personal left; deleted takes it
          // out of the list, search and export. Its tags stay (tickets and their figures count them).
          await update(data.contactId, { ...ERASED_CONTACT, extra_info: '[]' }, at);
          touched.set(data.contactId, { companyId, action: 'delete' });
          break;
        case 'TagDeleted':
          // The tag frame tells every screen; contacts' rows just stop carrying it.
          await trx.deleteFrom('read.contact_tags').where('tag_id', '=', data.tagId).execute();
          break;
      }
    }

    await flush();

    const changes: ProjectionChange[] = [];
    const shown = await findContacts(
      trx,
      [...touched].filter(([, { action }]) => action !== 'delete').map(([contactId]) => contactId),
    );
    for (const [contactId, { companyId, action }] of touched) {
      if (action === 'delete') changes.push({ companyId, entity: 'contact', data: { action, contactId } satisfies ContactFrame });
      else {
        const contact = shown.get(contactId);
        if (contact && contact.companyId === companyId) changes.push({ companyId, entity: 'contact', data: { action, contact } satisfies ContactFrame });
      }
    }
    return changes;
  },
});
