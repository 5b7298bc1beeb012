import {
  CompanySettingsSchema,
  type CompanySettingKey,
  RecordIdParam,
  safeText,
  SECRET_SETTING_MASK,
  SECRET_SETTINGS,
  SettingView,
  CompanySettingsView,
  RetentionView,
} from '@conversa/contracts';
import { changeCompanySetting, PLATFORM_COMPANY_ID } from '@conversa/core';
import { companySettingsOf, retentionOf } from '@conversa/projections/companies/queries';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { userActor, type ApiContext } from '../context';
import { companyScope, type Principal } from '../http/auth';

const SettingKey = z.enum(Object.keys(CompanySettingsSchema.shape) as [CompanySettingKey, ...CompanySettingKey[]]);
/** A credential (the payment token) is written, never read back: its mask, or '' when none is stored. */
const reveal = (key: CompanySettingKey, value: string) => (SECRET_SETTINGS.has(key) ? (value ? SECRET_SETTING_MASK : '') : value);

export async function settingRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const change = async (principal: Principal, key: CompanySettingKey, value: unknown) => {
    const changed = await changeCompanySetting(ctx, {
      companyId: principal.companyId,
      actor: userActor(principal.userId),
      isSuper: principal.super,
      key,
      value,
    });
    return { key, value: reveal(key, changed.value) };
  };

  // userCreation and asaas (the payment key, masked) are shown to super users only, with the platform's values.
  app.get(
    '/settings',
    {
      config: {
        auth: { area: 'settings' },
        contract: { summary: "The company's settings; userCreation and asaas (masked) for super users only", response: z.array(SettingView) },
      },
    },
    async (request) => {
      const { principal } = request;
      const { userCreation: _own, asaas: _key, ...settings } = await companySettingsOf(ctx.db, principal.companyId);
      const platform = principal.super ? await companySettingsOf(ctx.db, PLATFORM_COMPANY_ID) : null;
      const shown: Record<string, string> = platform ? { userCreation: platform.userCreation, ...settings, asaas: platform.asaas } : settings;
      return Object.entries(shown).map(([key, value]) => ({ key, value: reveal(key as CompanySettingKey, value) }));
    },
  );

  app.get(
    '/settings/retention',
    { config: { auth: { area: 'settings' }, contract: { summary: 'Message retention (messageRetentionDays) and its last run', response: RetentionView } } },
    async (request) => retentionOf(ctx.db, request.principal.companyId),
  );

  app.put(
    '/settings/:key',
    {
      config: {
        auth: { area: 'settings' },
        contract: {
          params: z.object({ key: SettingKey }),
          body: z.object({ value: safeText() }).strict(),
          response: SettingView,
          errors: ['ERR_RETENTION_DAYS_INVALID'],
        },
      },
    },
    async (request) => {
      const { key } = request.params;
      const { value } = request.body;
      return change(request.principal, key, value);
    },
  );

  app.get(
    '/companySettings/:companyId',
    { config: { contract: { params: z.object({ companyId: RecordIdParam }), response: CompanySettingsView, errors: ['ERR_NO_PERMISSION'] } } },
    async (request) => {
      const companyId = companyScope(request.principal, request.params.companyId);
      const { asaas, ...settings } = await companySettingsOf(ctx.db, companyId);
      return { ...settings, asaas: reveal('asaas', asaas), companyId };
    },
  );

  app.get('/companySettingOne', { config: { contract: { query: z.object({ column: SettingKey }), response: SettingView } } }, async (request) => {
    const { column } = request.query;
    const settings = await companySettingsOf(ctx.db, request.principal.companyId);
    return { key: column, value: reveal(column, settings[column]) };
  });

  app.put(
    '/companySettings',
    {
      config: {
        auth: { area: 'settings' },
        contract: { body: z.object({ column: SettingKey, data: safeText() }).strict(), response: SettingView, errors: ['ERR_RETENTION_DAYS_INVALID'] },
      },
    },
    async (request) => {
      const { column, data } = request.body;
      return change(request.principal, column, data);
    },
  );
}
