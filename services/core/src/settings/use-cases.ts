import {
  CompanySettingsSchema,
  DomainError,
  retentionDaysOf,
  SECRET_SETTING_MASK,
  SECRET_SETTINGS,
  streams,
  type Actor,
  type CompanySettingKey,
} from '@conversa/contracts';
import { foldStream } from '../commands/decider';
import { execute, type UseCaseContext } from '../commands/execute';
import { systemActor } from '../commands/run';
import { company } from '../companies/company';
import { isSealed, type SecretBox } from '../secrets/box';

/** Company 1's userCreation is the platform's signup switch (signup reads it there), whoever's company the super user is in. */
export const PLATFORM_COMPANY_ID = 1;

/** Settings of the whole platform, kept on company 1: signup's switch and the payment provider's key (docs/billing.md). */
const PLATFORM_SETTINGS: ReadonlySet<CompanySettingKey> = new Set(['userCreation', 'asaas']);

/**
 * Changes one company setting. userCreation governs the whole platform's signup and asaas is the key
 * every company's invoices are charged with: only a super user may change them, and they are written
 * on the platform's company. A credential (SECRET_SETTINGS) is sealed before it is recorded, and its
 * mask written back keeps the stored one. Answers the value as stored.
 */
export async function changeCompanySetting(
  ctx: UseCaseContext & { secrets: SecretBox },
  input: { companyId: number; actor: Actor; isSuper: boolean; key: CompanySettingKey; value: unknown },
): Promise<{ key: CompanySettingKey; value: string }> {
  const { key, actor } = input;
  if (PLATFORM_SETTINGS.has(key) && !input.isSuper) throw new DomainError('ERR_NO_PERMISSION');
  const given = CompanySettingsSchema.shape[key].parse(input.value) as string;
  if (key === 'messageRetentionDays' && retentionDaysOf(given) === undefined) throw new DomainError('ERR_RETENTION_DAYS_INVALID');
  if (SECRET_SETTINGS.has(key) && given === SECRET_SETTING_MASK) return { key, value: given };
  const value = SECRET_SETTINGS.has(key) ? ctx.secrets.seal(given) : given;
  const companyId = PLATFORM_SETTINGS.has(key) ? PLATFORM_COMPANY_ID : input.companyId;
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'ChangeCompanySetting', key, value }, companyId, actor });
  return { key, value };
}

/**
 * Settings written before they were sealed are in the event log in clear: the log is immutable, so the
 * value is recorded again sealed (the read table then holds it sealed; docs/security.md). Runs at start.
 */
export async function resealCompanySecrets(ctx: UseCaseContext & { secrets: SecretBox }, companyId: number): Promise<CompanySettingKey[]> {
  const state = foldStream(company, await ctx.store.readStream(streams.company(companyId)));
  if (state.status !== 'active') return [];
  const clear = [...SECRET_SETTINGS].filter((key) => (state.settings[key] ?? '') !== '' && !isSealed(state.settings[key]!));
  for (const key of clear) {
    const value = ctx.secrets.seal(state.settings[key]!);
    await execute(ctx, {
      decider: company,
      streamId: streams.company(companyId),
      command: { type: 'ChangeCompanySetting', key, value },
      companyId,
      actor: systemActor,
    });
  }
  return clear;
}
