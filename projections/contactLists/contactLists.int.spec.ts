import type { RecordedEvent } from '@conversa/contracts';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignsProjector } from '../campaigns/projector';
import { findCampaign } from '../campaigns/queries';
import { projectors } from '../index';
import { contactListsProjector } from './projector';
import { findContactList, listContactListItems } from './queries';
import { eventRecorder, project, readDatabase } from '../testing';

let db: Kysely<any>;
let close: () => Promise<void>;

const recorded = eventRecorder();
const run = (projector: typeof contactListsProjector, events: RecordedEvent[]) => project(db, projector, events);
const item = (itemId: number, number: string) => ({ itemId, name: `Pessoa ${itemId}`, number, email: '' });

beforeAll(async () => {
  ({ db, close } = await readDatabase('contact_lists', projectors));
});
afterAll(() => close?.());

describe('contact lists read model', () => {
  it('counts items, applies a validity answer only to the number it was asked about, and marks opted-out numbers', async () => {
    await run(contactListsProjector, [
      recorded('ContactListCreated', { contactListId: 1, name: 'Clientes' }),
      recorded('ContactListItemsAdded', { contactListId: 1, items: [item(10, '5511911110001'), item(11, '5511911110002')] }),
    ]);
    await run(contactListsProjector, [recorded('ContactListItemChanged', { contactListId: 1, itemId: 11, changes: { number: '5511911110009' } })]);
    // The answer for item 11 was about its old number: left out.
    await run(contactListsProjector, [
      recorded('ContactListItemsValidated', {
        contactListId: 1,
        results: [
          { itemId: 10, number: '5511911110001', valid: true },
          { itemId: 11, number: '5511911110002', valid: false },
        ],
      }),
    ]);
    const frames = await run(contactListsProjector, [recorded('CampaignContactOptedOut', { number: '5511911110001', word: 'SAIR' })]);
    expect(frames).toEqual([
      { companyId: 2, entity: 'ContactListItem', data: { action: 'update', record: expect.objectContaining({ id: 10, optedOut: true }) } },
    ]);
    const { contacts } = await listContactListItems(db, 2, { contactListId: 1, pageNumber: 1 });
    expect(contacts.map((c) => [c.id, c.isWhatsappValid, c.optedOut])).toEqual([
      [10, true, true],
      [11, null, false],
    ]);
    expect(await findContactList(db, 2, 1)).toMatchObject({ contactsCount: 2, checkedCount: 1, validCount: 1 });
    expect(await findContactList(db, 3, 1)).toBeUndefined();
  });

  it("counts a campaign's report from its shippings", async () => {
    const details = {
      name: 'Promo',
      messages: ['Oi', '', '', '', ''],
      confirmationMessages: ['', '', '', '', ''],
      confirmation: false,
      scheduledAt: '2026-05-01T12:00:00.000Z',
      contactListId: 1,
      tagListId: null,
      whatsappIds: [],
      fileListId: null,
      media: null,
      sendWindow: null,
    };
    const planned = (itemId: number) => ({
      itemId,
      name: 'P',
      number: `55119111100${itemId}`,
      email: '',
      connectionId: 4,
      messageIndex: 0,
      confirmationIndex: null,
      valid: null,
    });
    await run(campaignsProjector as never, [
      recorded('CampaignCreated', { campaignId: 7, details, userId: null }),
      recorded('CampaignStarted', { campaignId: 7, startedAt: '2026-05-01T12:00:00.000Z' }),
      recorded('CampaignShippingsPlanned', { campaignId: 7, shippings: [planned(10), planned(11), planned(12)] }),
      recorded('CampaignShippingDelivered', { campaignId: 7, itemId: 10, providerId: 'p', deliveredAt: '2026-05-01T12:00:01.000Z' }),
      recorded('CampaignShippingFailed', { campaignId: 7, itemId: 11, reason: 'invalid' }),
      recorded('CampaignShippingSkipped', { campaignId: 7, itemId: 12, reason: 'opted-out' }),
    ]);
    expect(await findCampaign(db, 2, 7)).toMatchObject({
      status: 'EM_ANDAMENTO',
      contactList: { id: 1, name: 'Clientes' },
      counts: { planned: 3, valid: 2, delivered: 1, failed: 1, skipped: 1 },
    });
  });
  it('an erased number, found by its digest: its items go, its shippings keep their rows without it, its opt-out stays as the digest', async () => {
    const digest = 'D'.repeat(43);
    const other = 'E'.repeat(43);
    await run(contactListsProjector, [
      recorded('ContactListCreated', { contactListId: 5, name: 'Apagar' }),
      recorded('ContactListItemsAdded', {
        contactListId: 5,
        items: [
          { ...item(50, '5511922220001'), name: 'Pessoa Apagada', digest },
          { ...item(51, '5511922220002'), digest: other },
        ],
      }),
      recorded('CampaignContactOptedOut', { number: '5511922220001', word: 'SAIR', digest }),
    ]);
    const shipping = (itemId: number, number: string, shippingDigest: string) => ({
      itemId,
      name: 'Pessoa Apagada',
      number,
      digest: shippingDigest,
      email: '',
      connectionId: 4,
      messageIndex: 0,
      confirmationIndex: null,
      valid: null,
    });
    await run(campaignsProjector as never, [
      recorded('CampaignShippingsPlanned', { campaignId: 8, shippings: [shipping(50, '5511922220001', digest), shipping(51, '5511922220002', other)] }),
      recorded('CampaignShippingDelivered', { campaignId: 8, itemId: 50, providerId: 'p', deliveredAt: '2026-05-01T12:00:01.000Z' }),
    ]);
    const erased = recorded('ContactErased', {
      contactId: 99,
      erasedBy: 1,
      reason: 'Pedido do titular',
      erasedAt: '2026-05-02T12:00:00.000Z',
      numberDigest: digest,
    });
    const frames = await run(contactListsProjector, [erased]);
    await run(campaignsProjector as never, [erased]);

    expect(frames).toContainEqual({ companyId: 2, entity: 'ContactListItem', data: { action: 'delete', id: 50, contactListId: 5 } });
    const { contacts } = await listContactListItems(db, 2, { contactListId: 5, pageNumber: 1 });
    expect(contacts.map((c) => c.id)).toEqual([51]);
    const shippings = await db
      .selectFrom('read.campaign_shippings')
      .select(['item_id', 'name', 'number', 'status'])
      .where('campaign_id', '=', 8)
      .orderBy('item_id')
      .execute();
    expect(shippings).toEqual([
      { item_id: 50, name: '[erased]', number: '[erased]', status: 'delivered' },
      { item_id: 51, name: 'Pessoa Apagada', number: '5511922220002', status: 'planned' },
    ]);
    const optOuts = await db.selectFrom('read.campaign_optouts').select(['number', 'number_digest']).where('number_digest', '=', digest).execute();
    expect(optOuts).toEqual([{ number: null, number_digest: digest }]);
  });
});
