import { describe, expect, it } from 'vitest';
import { LuChartBar, LuHouse, LuKanban, LuMegaphone, LuPlug, LuBuilding2, LuActivity, LuUsers } from 'react-icons/lu';
import { user as makeUser, plan } from '../test/fixtures';
import { bareScreen, isAllowed, menuFor, publicPage, routeExists, screen, type AppRoute } from './access';

const Screen = () => null;
const route = (id: string, extra: Partial<AppRoute>): AppRoute => ({ id, path: `/${id}`, access: 'private', frame: 'shell', component: Screen, ...extra });

const routes: AppRoute[] = [
  route('home', { path: '/', menu: { labelKey: 'menu.home', icon: LuHouse, group: 'main', order: 0 } }),
  route('kanban', { guard: { planFlag: 'useKanban' }, menu: { labelKey: 'menu.home', icon: LuKanban, group: 'main', order: 60 } }),
  route('campaigns', {
    guard: { planFlag: 'useCampaigns', storageFlag: 'cshow' },
    menu: { labelKey: 'menu.home', icon: LuMegaphone, group: 'main', order: 120 },
  }),
  route('reports', { guard: { area: 'dashboard' }, menu: { labelKey: 'menu.home', icon: LuChartBar, group: 'main', order: 10 } }),
  route('moments', { guard: { area: 'moments' }, menu: { labelKey: 'menu.home', icon: LuActivity, group: 'main', order: 20 } }),
  route('connections', { guard: { area: 'connections' }, menu: { labelKey: 'menu.home', icon: LuPlug, group: 'admin', order: 10 } }),
  route('staff', { guard: { area: 'users' }, menu: { labelKey: 'menu.home', icon: LuUsers, group: 'admin', order: 20 } }),
  route('companies', { guard: { area: 'companies' }, menu: { labelKey: 'menu.home', icon: LuBuilding2, group: 'admin', order: 90 } }),
  route('hidden', {}),
];

const ids = (groups: ReturnType<typeof menuFor>) => ({ main: groups.main.map((item) => item.id), admin: groups.admin.map((item) => item.id) });
const none = new Set<string>();

describe('menu gating', () => {
  it('shows plan-flag items only when the plan enables them', () => {
    const without = makeUser({}, { plan: plan({ useKanban: false }) });
    const withKanban = makeUser({}, { plan: plan({ useKanban: true }) });
    expect(ids(menuFor(routes, { user: without, storageFlags: none })).main).not.toContain('kanban');
    expect(ids(menuFor(routes, { user: withKanban, storageFlags: none })).main).toContain('kanban');
  });

  it('needs both the plan flag and the cshow storage flag for campaigns', () => {
    const campaigns = makeUser({}, { plan: plan({ useCampaigns: true }) });
    expect(ids(menuFor(routes, { user: campaigns, storageFlags: none })).main).not.toContain('campaigns');
    expect(ids(menuFor(routes, { user: campaigns, storageFlags: new Set(['cshow']) })).main).toContain('campaigns');
    const noPlan = makeUser({}, { plan: plan({ useCampaigns: false }) });
    expect(ids(menuFor(routes, { user: noPlan, storageFlags: new Set(['cshow']) })).main).not.toContain('campaigns');
  });

  it('gives admins the admin items, ordered, and hides super-only items from them', () => {
    const admin = makeUser({ profile: 'admin' });
    expect(ids(menuFor(routes, { user: admin, storageFlags: none }))).toEqual({ main: ['home', 'reports', 'moments'], admin: ['connections', 'staff'] });
  });

  it('hides admin items from a plain user unless a user flag treats them as admin for that screen', () => {
    const plain = makeUser({ profile: 'user' });
    expect(ids(menuFor(routes, { user: plain, storageFlags: none }))).toEqual({ main: ['home'], admin: [] });
    const dashboard = makeUser({ profile: 'user', showDashboard: true });
    expect(ids(menuFor(routes, { user: dashboard, storageFlags: none })).main).toEqual(['home', 'reports']);
    const realTime = makeUser({ profile: 'user', allowRealTime: true });
    expect(ids(menuFor(routes, { user: realTime, storageFlags: none })).main).toEqual(['home', 'moments']);
    const connections = makeUser({ profile: 'user', allowConnections: true });
    expect(ids(menuFor(routes, { user: connections, storageFlags: none })).admin).toEqual(['connections', 'staff']);
  });

  it('lets the profiles the role table names count as admin for that screen only', () => {
    const supervisor = makeUser({ profile: 'supervisor' });
    expect(ids(menuFor(routes, { user: supervisor, storageFlags: none }))).toEqual({ main: ['home'], admin: ['staff'] });
    const staff = routes.find((item) => item.id === 'staff')!;
    expect(isAllowed(staff.guard, { user: supervisor, storageFlags: none })).toBe(true);
    expect(isAllowed(routes.find((item) => item.id === 'connections')!.guard, { user: supervisor, storageFlags: none })).toBe(false);
    expect(isAllowed(staff.guard, { user: makeUser({ profile: 'user' }), storageFlags: none })).toBe(false);
    // The other conditions still hold: a plan flag the plan lacks closes the screen to them too.
    expect(
      isAllowed(
        { ...staff.guard, planFlag: 'useKanban' },
        { user: makeUser({ profile: 'supervisor' }, { plan: plan({ useKanban: false }) }), storageFlags: none },
      ),
    ).toBe(false);
  });

  it('shows super-only items to super users', () => {
    const superUser = makeUser({ profile: 'admin', super: true });
    expect(ids(menuFor(routes, { user: superUser, storageFlags: none })).admin).toEqual(['connections', 'staff', 'companies']);
  });

  it('treats a storage-flag route without its flag as absent, not forbidden', () => {
    const campaigns = routes.find((item) => item.id === 'campaigns')!;
    expect(routeExists(campaigns, { storageFlags: none })).toBe(false);
    expect(isAllowed(campaigns.guard, { user: makeUser({}, { plan: plan({ useCampaigns: true }) }), storageFlags: none })).toBe(true);
  });
});

describe('route builders', () => {
  it('make a shell screen private, its menu label the text menu.<id> unless one is named', () => {
    expect(screen('tags', '/tags', Screen, { area: 'tags' }, { icon: LuHouse, group: 'main', order: 90 })).toEqual({
      id: 'tags',
      path: '/tags',
      access: 'private',
      frame: 'shell',
      component: Screen,
      guard: { area: 'tags' },
      menu: { labelKey: 'menu.tags', icon: LuHouse, group: 'main', order: 90 },
    });
    const quick = screen('quick-messages', '/quick', Screen, {}, { labelKey: 'menu.quickMessages', icon: LuHouse, group: 'main', order: 40 });
    expect(quick.menu?.labelKey).toBe('menu.quickMessages');
    // @ts-expect-error: there is no text menu.quick-messages, so the label must be named
    screen('quick-messages', '/quick', Screen, {}, { icon: LuHouse, group: 'main', order: 40 });
    expect('menu' in screen('report', '/report', Screen, {})).toBe(false);
  });

  it('make a bare screen private without the frame, a public page bare', () => {
    expect(bareScreen('overdue', '/overdue', Screen, { area: 'account' })).toEqual({
      id: 'overdue',
      path: '/overdue',
      access: 'private',
      frame: 'bare',
      component: Screen,
      guard: { area: 'account' },
    });
    expect(publicPage('login', '/login', Screen)).toEqual({ id: 'login', path: '/login', access: 'public', frame: 'bare', component: Screen });
  });
});
