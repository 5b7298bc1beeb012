import { CAMPAIGN_EDIT_LEAD_MS, type CampaignView } from '@conversa/contracts';
import type { FieldErrors } from '../../shared/validation';
import type { CampaignRequest } from './api';

export const SLOTS = [1, 2, 3, 4, 5] as const;

export interface CampaignFormValues {
  name: string;
  messages: string[];
  confirmationMessages: string[];
  confirmation: boolean;
  /** datetime-local text (the browser's zone), '' for none. */
  scheduledAt: string;
  contactListId: string;
  tagListId: string;
  fileListId: string;
  whatsappIds: number[];
  sendFrom: string;
  sendTo: string;
}
export type CampaignField = 'name' | 'messages' | 'confirmationMessages' | 'sendWindow';

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO moment as the datetime-local input shows it, in the browser's zone. */
export const localInput = (iso: string | null): string => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export const emptyCampaignForm = (): CampaignFormValues => ({
  name: '',
  messages: ['', '', '', '', ''],
  confirmationMessages: ['', '', '', '', ''],
  confirmation: false,
  scheduledAt: '',
  contactListId: '',
  tagListId: '',
  fileListId: '',
  whatsappIds: [],
  sendFrom: '',
  sendTo: '',
});

export const campaignFormOf = (campaign: CampaignView): CampaignFormValues => ({
  name: campaign.name,
  messages: SLOTS.map((n) => campaign[`message${n}`]),
  confirmationMessages: SLOTS.map((n) => campaign[`confirmationMessage${n}`]),
  confirmation: campaign.confirmation,
  scheduledAt: localInput(campaign.scheduledAt),
  contactListId: campaign.contactListId === null ? '' : String(campaign.contactListId),
  tagListId: campaign.tagListId === null ? '' : String(campaign.tagListId),
  fileListId: campaign.fileListId === null ? '' : String(campaign.fileListId),
  whatsappIds: campaign.whatsapps.map((whatsapp) => whatsapp.id),
  sendFrom: campaign.sendWindow?.from ?? '',
  sendTo: campaign.sendWindow?.to ?? '',
});

/** The editing rule (spec 3 §4): INATIVA, or PROGRAMADA more than an hour before its start; otherwise read-only. */
export function campaignEditable(campaign: Pick<CampaignView, 'status' | 'scheduledAt'> | null, now: number): boolean {
  if (!campaign || campaign.status === 'INATIVA') return true;
  return campaign.status === 'PROGRAMADA' && campaign.scheduledAt !== null && Date.parse(campaign.scheduledAt) - now > CAMPAIGN_EDIT_LEAD_MS;
}

export function validateCampaignForm(values: CampaignFormValues): FieldErrors<CampaignField> {
  const errors: FieldErrors<CampaignField> = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'campaigns.validation.required';
  else if (name.length < 2) errors.name = 'campaigns.validation.tooShort';
  else if (name.length > 50) errors.name = 'campaigns.validation.tooLong';
  if (!values.messages.some((text) => text.trim() !== '')) errors.messages = 'campaigns.validation.message';
  if (values.confirmation && !values.confirmationMessages.some((text) => text.trim() !== '')) errors.confirmationMessages = 'campaigns.validation.message';
  if ((values.sendFrom === '') !== (values.sendTo === '')) errors.sendWindow = 'campaigns.validation.window';
  return errors;
}

export function campaignRequestOf(values: CampaignFormValues): CampaignRequest {
  const slots = Object.fromEntries(
    SLOTS.flatMap((n, index) => [
      [`message${n}`, values.messages[index]!.trim()],
      [`confirmationMessage${n}`, values.confirmationMessages[index]!.trim()],
    ]),
  );
  return {
    name: values.name.trim(),
    ...slots,
    confirmation: values.confirmation,
    scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null,
    contactListId: values.contactListId === '' ? null : Number(values.contactListId),
    tagListId: values.tagListId === '' ? null : Number(values.tagListId),
    fileListId: values.fileListId === '' ? null : Number(values.fileListId),
    whatsappId: values.whatsappIds,
    sendWindow: values.sendFrom && values.sendTo ? { from: values.sendFrom, to: values.sendTo } : null,
  };
}

/** DD/MM/YYYY HH:mm in the browser's zone (the spec's format with time). */
export const formatMoment = (iso: string): string => {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
