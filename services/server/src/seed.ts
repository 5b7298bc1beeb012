import { execute, systemActor, type ApiContext } from '@conversa/api';
import { allPlanFlagsOn, companyDetails, defaultUserDetails, NEVER_EXPIRES } from '@conversa/contracts';
import { company, plan, resealCallToken, resealCompanySecrets, resealConnectionAccount, user, userEmail, userEmailStream } from '@conversa/core';
import { connectionsWithClearCallTokens, connectionsWithClearTokens } from '@conversa/projections/connections/queries';
import type { Config } from './config';

/**
 * First start: plan 1 with every flag on, company 1 (never expires) and its super admin.
 * Each step is a command with a fixed id, so later starts (or two processes at once) change nothing.
 */
export async function seed(ctx: ApiContext, config: Config): Promise<{ created: boolean }> {
  const planResult = await execute(ctx, {
    decider: plan,
    streamId: 'plan-1',
    command: {
      type: 'CreatePlan',
      planId: 1,
      details: { name: 'Plano Completo', users: 50, connections: 10, queues: 50, amount: '0', isPublic: true, ...allPlanFlagsOn },
    },
    commandId: 'seed-plan-1',
    companyId: 1,
    actor: systemActor,
  });
  await execute(ctx, {
    decider: company,
    streamId: 'company-1',
    command: {
      type: 'RegisterCompany',
      companyId: 1,
      planId: 1,
      dueDate: NEVER_EXPIRES,
      via: 'seed',
      details: companyDetails({ name: 'Conversa', email: config.adminEmail }),
    },
    commandId: 'seed-company-1',
    companyId: 1,
    actor: systemActor,
  });
  await execute(ctx, {
    decider: userEmail,
    streamId: userEmailStream(config.adminEmail),
    command: { type: 'ClaimUserEmail', email: config.adminEmail, userId: 1 },
    commandId: 'seed-admin-email',
    companyId: 1,
    actor: systemActor,
  });
  const existing = await ctx.store.readStream('user-1', { maxCount: 1 });
  if (existing.length === 0) {
    await execute(ctx, {
      decider: user,
      streamId: 'user-1',
      command: {
        type: 'CreateUser',
        userId: 1,
        companyId: 1,
        passwordHash: await ctx.hashPassword(config.adminPassword),
        details: { ...defaultUserDetails, name: 'Administrador', email: config.adminEmail, profile: 'admin', super: true, allTicket: 'enable' },
      },
      commandId: 'seed-admin-user',
      companyId: 1,
      actor: systemActor,
    });
  }
  // Credentials recorded in clear before they were sealed (the payment key, Meta tokens, call tokens): recorded again sealed.
  await resealCompanySecrets(ctx, 1);
  for (const connectionId of await connectionsWithClearTokens(ctx.db)) await resealConnectionAccount(ctx, connectionId);
  for (const connectionId of await connectionsWithClearCallTokens(ctx.db)) await resealCallToken(ctx, connectionId);
  return { created: !planResult.repeated };
}
