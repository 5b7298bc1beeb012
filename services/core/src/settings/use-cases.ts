import { CompanySettingsSchema, DomainError, streams, type Actor, type CompanySettingKey } from '@conversa/contracts';
import { execute, type UseCaseContext } from '../commands/execute';
import { company } from '../companies/company';

/** Company 1's userCreation is the platform's signup switch (signup reads it there), whoever's company the super user is in. */
export const PLATFORM_COMPANY_ID = 1;

/**
 * Changes one company setting. userCreation governs the whole platform's signup: only a super user
 * may flip it, and it is written on the platform's company. Answers the value as stored.
 */
export async function changeCompanySetting(
  ctx: UseCaseContext,
  input: { companyId: number; actor: Actor; isSuper: boolean; key: CompanySettingKey; value: unknown },
): Promise<{ key: CompanySettingKey; value: string }> {
  const { key, actor } = input;
  if (key === 'userCreation' && !input.isSuper) throw new DomainError('ERR_NO_PERMISSION');
  const value = CompanySettingsSchema.shape[key].parse(input.value) as string;
  const companyId = key === 'userCreation' ? PLATFORM_COMPANY_ID : input.companyId;
  await execute(ctx, { decider: company, streamId: streams.company(companyId), command: { type: 'ChangeCompanySetting', key, value }, companyId, actor });
  return { key, value };
}
