import { CompanySettingsSchema, DomainError, streams, type Actor, type CompanySettingKey } from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import { company } from '../companies/company';

/** Company 1's userCreation is the platform's signup switch (signup reads it there), whoever's company the super user is in. */
export const PLATFORM_COMPANY_ID = 1;

/** Settings of the whole platform, kept on company 1: signup's switch and the payment provider's key (docs/billing.md). */
const PLATFORM_SETTINGS: ReadonlySet<CompanySettingKey> = new Set(['userCreation', 'asaas']);

/**
 * Changes one company setting. userCreation governs the whole platform's signup and asaas is the key
 * every company's invoices are charged with: only a super user may change them, and they are written
 * on the platform's company. Answers the value as stored.
 */
export async function changeCompanySetting(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; isSuper: boolean; key: CompanySettingKey; value: unknown },
): Promise<{ key: CompanySettingKey; value: string }> {
  const { key, actor } = input;
  if (PLATFORM_SETTINGS.has(key) && !input.isSuper) throw new DomainError('ERR_NO_PERMISSION');
  const value = CompanySettingsSchema.shape[key].parse(input.value) as string;
  const companyId = PLATFORM_SETTINGS.has(key) ? PLATFORM_COMPANY_ID : input.companyId;
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'ChangeCompanySetting', key, value }, companyId, actor });
  return { key, value };
}
