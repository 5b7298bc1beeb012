import { roleTable } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { user as makeUser, plan } from '../test/fixtures';
import { isAllowed, menuFor } from '../app/access';
import { appRoutes } from './routes';

const ids = (groups: ReturnType<typeof menuFor>) => ({ main: groups.main.map((item) => item.id), admin: groups.admin.map((item) => item.id) });
const none = new Set<string>();

describe('the route registry', () => {
  it('opens the users screen and its menu entry to supervisors, not the other administration screens', () => {
    const supervisor = makeUser({ profile: 'supervisor' }, { plan: plan({ useCampaigns: true, useKanban: true }) });
    const users = appRoutes.find((item) => item.id === 'users')!;
    expect(isAllowed(users.guard, { user: supervisor, storageFlags: none })).toBe(true);
    const admin = ids(menuFor(appRoutes, { user: supervisor, storageFlags: none })).admin;
    expect(admin).toContain('users');
    for (const id of ['connections', 'queues', 'settings', 'companies']) expect(admin).not.toContain(id);
    expect(isAllowed(users.guard, { user: makeUser({ profile: 'user' }), storageFlags: none })).toBe(false);
  });

  it('lists exactly the routes with a menu entry (a super user with every plan flag sees them all)', () => {
    const admin = makeUser(
      { super: true },
      { plan: plan({ useCampaigns: true, useKanban: true, useExternalApi: true, useOpenAi: true, useIntegrations: true, useInternalChat: true }) },
    );
    const shown = ids(menuFor(appRoutes, { user: admin, storageFlags: new Set(['cshow']) }));
    const listed = [...shown.main, ...shown.admin];
    expect([...listed].sort()).toEqual(
      appRoutes
        .filter((item) => item.menu)
        .map((item) => item.id)
        .sort(),
    );
    expect(listed).toContain('tickets');
    // Screens without a menu entry (login, the sandbox phone) are reached by address only.
    expect(appRoutes.some((item) => !item.menu && listed.includes(item.id))).toBe(false);
  });
});

describe('the registry against the role table', () => {
  const everything = makeUser(
    {},
    {
      plan: plan({
        useCampaigns: true,
        useKanban: true,
        useSchedules: true,
        useInternalChat: true,
        useOpenAi: true,
        useIntegrations: true,
        useExternalApi: true,
      }),
    },
  );
  const cshow = new Set(['cshow']);
  const menuOf = (changes: Parameters<typeof makeUser>[0]) => ids(menuFor(appRoutes, { user: { ...everything, ...changes }, storageFlags: cshow }));

  it('puts every private screen under a row of the table', () => {
    for (const route of appRoutes.filter((item) => item.access === 'private')) {
      expect(route.guard?.area, route.id).toBeDefined();
      expect(roleTable[route.guard!.area!], route.id).toBeDefined();
    }
  });

  it('gives a plain attendant no administration item; allowConnections opens the section but not the admins-only screens', () => {
    expect(menuOf({ profile: 'user' }).admin).toEqual([]);
    expect(menuOf({ profile: 'user' }).main).not.toContain('reports');
    expect(menuOf({ profile: 'user', allowConnections: true }).admin).toEqual([
      'campaigns',
      'contactLists',
      'campaignsConfig',
      'files',
      'connections',
      'onDuty',
      'users',
      'queues',
    ]);
    expect(menuOf({ profile: 'supervisor' }).admin).toEqual(['users']);
    expect(menuOf({ profile: 'admin' }).admin).toEqual([
      'campaigns',
      'contactLists',
      'campaignsConfig',
      'files',
      'messagesApi',
      'connections',
      'onDuty',
      'users',
      'queues',
      'prompts',
      'queueIntegrations',
      'financial',
      'webhooks',
      'settings',
    ]);
    expect(menuOf({ profile: 'admin', super: true }).admin).toContain('companies');
  });
});
