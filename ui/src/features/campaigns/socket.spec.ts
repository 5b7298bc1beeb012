import type { CampaignPage, CampaignView, ContactListItemPage, ContactListItemView } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { applyContactListItemFrame } from '../contactLists/socket';
import { applyCampaignFrame } from './socket';

const campaign = (id: number, name: string, delivered = 0) => ({ id, name, status: 'EM_ANDAMENTO', counts: { delivered } }) as unknown as CampaignView;
const item = (id: number, name: string, contactListId = 1) =>
  ({ id, name, contactListId, isWhatsappValid: null, optedOut: false }) as unknown as ContactListItemView;

describe('campaign frames', () => {
  const page: CampaignPage = { records: [campaign(2, 'Beta'), campaign(1, 'Alfa')], count: 2, hasMore: false };
  it('puts a new campaign first, moves the counts of a known one, removes a deleted one', () => {
    expect(applyCampaignFrame(page, { action: 'create', record: campaign(3, 'Gama') }, '').records.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(applyCampaignFrame(page, { action: 'update', record: campaign(1, 'Alfa', 5) }, '').records[1]!.counts.delivered).toBe(5);
    expect(applyCampaignFrame(page, { action: 'delete', id: 2 }, '').records.map((c) => c.id)).toEqual([1]);
    expect(applyCampaignFrame(page, { action: 'update', record: campaign(1, 'Outro') }, 'alf').records.map((c) => c.id)).toEqual([2]);
  });
});

describe('contact list item frames', () => {
  const page: ContactListItemPage = { contacts: [item(1, 'Ana'), item(2, 'Beto')], count: 2, hasMore: false };
  it('replaces a known item (its WhatsApp icon), adds a new one by name, ignores other lists', () => {
    const valid = { ...item(2, 'Beto'), isWhatsappValid: true };
    expect(applyContactListItemFrame(page, { action: 'update', record: valid }, 1).contacts[1]!.isWhatsappValid).toBe(true);
    expect(applyContactListItemFrame(page, { action: 'create', record: item(3, 'Abel') }, 1).contacts.map((c) => c.id)).toEqual([3, 1, 2]);
    expect(applyContactListItemFrame(page, { action: 'create', record: item(4, 'Zé', 9) }, 1)).toBe(page);
    expect(applyContactListItemFrame(page, { action: 'delete', id: 1, contactListId: 1 }, 1).contacts.map((c) => c.id)).toEqual([2]);
  });
});
