import { describe, expect, it } from 'vitest';
import { campaignEditable, campaignRequestOf, emptyCampaignForm, validateCampaignForm } from './campaignForm';

const now = Date.parse('2026-01-15T12:00:00Z');

describe('campaign form', () => {
  it('follows the editing rule', () => {
    expect(campaignEditable(null, now)).toBe(true);
    expect(campaignEditable({ status: 'INATIVA', scheduledAt: null }, now)).toBe(true);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-01-15T13:30:00Z' }, now)).toBe(true);
    expect(campaignEditable({ status: 'PROGRAMADA', scheduledAt: '2026-01-15T12:30:00Z' }, now)).toBe(false);
    expect(campaignEditable({ status: 'EM_ANDAMENTO', scheduledAt: '2026-01-15T10:00:00Z' }, now)).toBe(false);
  });
  it('needs a name of 2 to 50, one message, one confirmation message when confirmation is on, both window times or none', () => {
    expect(validateCampaignForm(emptyCampaignForm())).toEqual({ name: 'campaigns.validation.required', messages: 'campaigns.validation.message' });
    const values = { ...emptyCampaignForm(), name: 'Promo', messages: ['Oi', '', '', '', ''], confirmation: true, sendFrom: '08:00' };
    expect(validateCampaignForm(values)).toEqual({ confirmationMessages: 'campaigns.validation.message', sendWindow: 'campaigns.validation.window' });
  });
  it('maps the slots and the connections to the request', () => {
    const request = campaignRequestOf({
      ...emptyCampaignForm(),
      name: ' Promo ',
      messages: ['Oi', '', 'Olá', '', ''],
      whatsappIds: [3, 4],
      contactListId: '7',
    });
    expect(request).toMatchObject({
      name: 'Promo',
      message1: 'Oi',
      message3: 'Olá',
      whatsappId: [3, 4],
      contactListId: 7,
      scheduledAt: null,
      sendWindow: null,
    });
  });
});
