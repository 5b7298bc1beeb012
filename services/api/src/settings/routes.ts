import { CompanySettingsSchema, DomainError, streams, type CompanySettingKey, RecordIdParam, safeText } from '@conversa/contracts';
import { company } from '@conversa/core';
import { companySettingsOf } from '@conversa/projections/companies/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { execute, userActor, type ApiContext } from '../context';
import { companyScope, type Principal } from '../http/auth';
import { parse } from '../http/errors';

const SettingKey = z.enum(Object.keys(CompanySettingsSchema.shape) as [CompanySettingKey, ...CompanySettingKey[]]);
/** Company 1's userCreation is the platform's signup switch (signup reads it there), whoever's company the super user is in. */
const PLATFORM_COMPANY_ID = 1;
/** The payment token is a secret: it is written, never read back. */
const reveal = (key: string, value: string) => (key === 'asaas' ? (value ? '********' : '') : value);

export async function settingRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const change = async (principal: Principal, key: CompanySettingKey, value: unknown) => {
    // userCreation governs the whole platform's signup: only a super user may flip it.
    if (key === 'userCreation' && !principal.super) throw new DomainError('ERR_NO_PERMISSION');
    const checked = CompanySettingsSchema.shape[key].parse(value) as string;
    const companyId = key === 'userCreation' ? PLATFORM_COMPANY_ID : principal.companyId;
    await execute(ctx, {
      decider: company,
      streamId: streams.company(companyId),
      command: { type: 'ChangeCompanySetting', key, value: checked },
      companyId,
      actor: userActor(principal.userId),
    });
    return { key, value: reveal(key, checked) };
  };

  // userCreation is shown to super users only, with the platform's value.
  app.get('/settings', { config: { auth: { admin: true } } }, async (request) => {
    const { principal } = request;
    const { userCreation: _own, ...settings } = await companySettingsOf(ctx.db, principal.companyId);
    const shown: Record<string, string> = principal.super ? { userCreation: (await companySettingsOf(ctx.db, PLATFORM_COMPANY_ID)).userCreation, ...settings } : settings;
    return Object.entries(shown).map(([key, value]) => ({ key, value: reveal(key, value) }));
  });

  app.put('/settings/:key', { config: { auth: { admin: true } } }, async (request) => {
    const { key } = parse(z.object({ key: SettingKey }), request.params);
    const { value } = parse(z.object({ value: safeText() }).strict(), request.body);
    return change(request.principal, key, value);
  });

  app.get('/companySettings/:companyId', async (request) => {
    const companyId = companyScope(request.principal, parse(z.object({ companyId: RecordIdParam }), request.params).companyId);
    const { asaas, ...settings } = await companySettingsOf(ctx.db, companyId);
    return { ...settings, asaas: reveal('asaas', asaas), companyId };
  });

  app.get('/companySettingOne', async (request) => {
    const { column } = parse(z.object({ column: SettingKey }), request.query);
    const settings = await companySettingsOf(ctx.db, request.principal.companyId);
    return { key: column, value: reveal(column, settings[column]) };
  });

  app.put('/companySettings', { config: { auth: { admin: true } } }, async (request) => {
    const { column, data } = parse(z.object({ column: SettingKey, data: safeText() }).strict(), request.body);
    return change(request.principal, column, data);
  });
}
