import {
  campaignSettingsStream,
  campaignStream,
  DomainError,
  type Actor,
  type CampaignDetails,
  type CampaignFields,
  type CampaignSettingsValues,
  type RecordedEvent,
  type StoredMedia,
} from '@conversa/contracts';
import type { z } from 'zod';
import { execute, type UseCaseContext } from '../commands/execute';
import { runCommand } from '../commands/run';
import type { IdAllocator } from '../ids';
import { campaign, type CampaignCommand } from './campaign';
import { campaignSettings } from './settings';

export interface CampaignUseCaseContext extends UseCaseContext {
  ids: IdAllocator;
}
type Who = { companyId: number; actor: Actor };

/** What a campaign's readiness is checked against (the read models and the media store). */
export interface CampaignLookup {
  /** Items of the company's list; null when it has no such list. */
  listSize(companyId: number, contactListId: number): Promise<number | null>;
  /** Which of these ids are live connections of the company. */
  liveConnectionIds(companyId: number, ids: readonly number[]): Promise<number[]>;
  mediaExists(companyId: number, media: StoredMedia): Promise<boolean>;
  /** Whether the company has this file list. */
  fileListExists?(companyId: number, fileListId: number): Promise<boolean>;
}

type Fields = z.infer<typeof CampaignFields>;

/** The dialog's form (message1…5, whatsappId) as the campaign records it. */
export function campaignDetails(fields: Fields, media: StoredMedia | null): CampaignDetails {
  const slots = (prefix: 'message' | 'confirmationMessage') =>
    [1, 2, 3, 4, 5].map((n) => (fields[`${prefix}${n}` as keyof Fields] as string | undefined)?.trim() ?? '');
  return {
    name: fields.name,
    messages: slots('message'),
    confirmationMessages: slots('confirmationMessage'),
    confirmation: fields.confirmation,
    scheduledAt: fields.scheduledAt,
    contactListId: fields.contactListId,
    tagListId: fields.tagListId,
    whatsappIds: [...new Set(fields.whatsappId)],
    fileListId: fields.fileListId,
    media,
    sendWindow: fields.sendWindow,
  };
}

/**
 * Whether a campaign may start: one message (and one confirmation message when confirmation is on),
 * a list with contacts, live connections, its media present. Checked when a schedule is saved, on a
 * restart, and again by the engine when the time comes (nothing is planned or sent when it fails).
 */
export async function campaignReadiness(lookup: CampaignLookup, companyId: number, details: CampaignDetails): Promise<DomainError | null> {
  if (!details.messages.some((text) => text !== '')) return new DomainError('ERR_CAMPAIGN_NO_MESSAGE');
  if (details.confirmation && !details.confirmationMessages.some((text) => text !== '')) return new DomainError('ERR_CAMPAIGN_NO_MESSAGE');
  if (details.contactListId === null || !((await lookup.listSize(companyId, details.contactListId)) ?? 0)) return new DomainError('ERR_CAMPAIGN_LIST_EMPTY');
  if (details.whatsappIds.length === 0) return new DomainError('ERR_CAMPAIGN_CONNECTION_GONE');
  const live = new Set(await lookup.liveConnectionIds(companyId, details.whatsappIds));
  if (details.whatsappIds.some((id) => !live.has(id))) return new DomainError('ERR_CAMPAIGN_CONNECTION_GONE');
  if (details.media && !(await lookup.mediaExists(companyId, details.media))) return new DomainError('ERR_CAMPAIGN_MEDIA_MISSING');
  return null;
}

/** What is named must exist even before a schedule: a list of the company, its connections. */
async function checkReferences(lookup: CampaignLookup, companyId: number, details: CampaignDetails): Promise<void> {
  if (details.contactListId !== null && (await lookup.listSize(companyId, details.contactListId)) === null) throw new DomainError('ERR_NO_CONTACT_LIST_FOUND');
  const live = new Set(await lookup.liveConnectionIds(companyId, details.whatsappIds));
  if (details.whatsappIds.some((id) => !live.has(id))) throw new DomainError('ERR_NO_WAPP_FOUND');
  if (details.fileListId !== null && lookup.fileListExists && !(await lookup.fileListExists(companyId, details.fileListId)))
    throw new DomainError('ERR_NO_FILE_LIST_FOUND');
  if (details.scheduledAt) {
    const refusal = await campaignReadiness(lookup, companyId, details);
    if (refusal) throw refusal;
  }
}

const run = (ctx: UseCaseContext, who: Who, id: number, command: CampaignCommand) =>
  execute(ctx, { decider: campaign, streamId: campaignStream(id), command, companyId: who.companyId, actor: who.actor });

export async function createCampaign(
  ctx: CampaignUseCaseContext,
  input: Who & { userId: number; details: CampaignDetails; lookup: CampaignLookup },
): Promise<number> {
  await checkReferences(input.lookup, input.companyId, input.details);
  const campaignId = await ctx.ids.next('campaign');
  await run(ctx, input, campaignId, { type: 'CreateCampaign', campaignId, details: input.details, userId: input.userId });
  return campaignId;
}

export async function changeCampaign(ctx: UseCaseContext, input: Who & { id: number; details: CampaignDetails; lookup: CampaignLookup }): Promise<void> {
  await checkReferences(input.lookup, input.companyId, input.details);
  // The media changes through its own routes (media-upload), never through the form.
  const { media: _media, ...changes } = input.details;
  await run(ctx, input, input.id, { type: 'ChangeCampaign', changes });
}

/** Attaching or removing the media is an edit like any other (the editing rule applies). */
export async function setCampaignMedia(ctx: UseCaseContext, input: Who & { id: number; media: StoredMedia | null }): Promise<void> {
  await run(ctx, input, input.id, { type: 'ChangeCampaign', changes: { media: input.media } });
}

export async function deleteCampaign(ctx: UseCaseContext, input: Who & { id: number }): Promise<void> {
  await run(ctx, input, input.id, { type: 'DeleteCampaign' });
}

export async function cancelCampaign(ctx: UseCaseContext, input: Who & { id: number }): Promise<void> {
  await run(ctx, input, input.id, { type: 'CancelCampaign', pause: null });
}

/** A restart checks readiness again: a list emptied or a connection deleted since must not half-send. */
export async function restartCampaign(ctx: UseCaseContext, input: Who & { id: number; details: CampaignDetails; lookup: CampaignLookup }): Promise<void> {
  const refusal = await campaignReadiness(input.lookup, input.companyId, input.details);
  if (refusal) throw refusal;
  await run(ctx, input, input.id, { type: 'RestartCampaign' });
}

/**
 * The engine's commands (start when due, pause with a reason, finish): no read-model wait, the engine
 * reads its own streams. `commandId` names the decision (the engine derives it from the revision it
 * decided on), so one repeated after a crash records nothing twice; `knownHistory`: the stream as the
 * engine has just read it.
 */
export async function engineCampaignCommand(
  ctx: UseCaseContext,
  input: Who & { id: number; command: CampaignCommand; causationId?: string; commandId?: string; knownHistory?: readonly RecordedEvent[] },
): Promise<void> {
  await runCommand(ctx, {
    decider: campaign,
    streamId: campaignStream(input.id),
    command: input.command,
    companyId: input.companyId,
    actor: input.actor,
    causationId: input.causationId,
    commandId: input.commandId,
    knownHistory: input.knownHistory,
  });
}

export async function saveCampaignSettings(ctx: UseCaseContext, input: Who & { values: CampaignSettingsValues }): Promise<void> {
  const keys = input.values.variables.map((variable) => variable.key.toLowerCase());
  if (new Set(keys).size !== keys.length) throw new DomainError('ERR_CAMPAIGN_VARIABLE_DUPLICATED');
  await execute(ctx, {
    decider: campaignSettings,
    streamId: campaignSettingsStream(input.companyId),
    command: { type: 'SaveCampaignSettings', values: input.values },
    companyId: input.companyId,
    actor: input.actor,
  });
}
