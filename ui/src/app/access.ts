import type { ComponentType } from 'react';
import type { IconType } from 'react-icons';
import type { PlanFlag, SessionUser } from '@conversa/contracts';
// The module itself, not the package's index: the shell's first path carries only the table.
import { mayOpen, type Area } from '@conversa/contracts/session/roles';
import type { MessageKey } from '../i18n';

/**
 * Who may open a screen. All conditions given must hold.
 * - area: the row of the role table (contracts/src/session/roles.ts) whose `screen` audience may open it; the API's
 *   routes and the screens' buttons read the same row.
 * - planFlag: the company's plan must enable it.
 * - storageFlag: the route exists only while this browser-storage flag does (the `cshow` campaign routes);
 *   without it the path is unknown (not found) rather than forbidden.
 */
export interface RouteGuard {
  area?: Area;
  planFlag?: PlanFlag;
  storageFlag?: 'cshow';
}

export type MenuGroup = 'main' | 'admin';

export interface MenuEntry {
  labelKey: MessageKey;
  icon: IconType;
  group: MenuGroup;
  /** Position inside the group; the spec's menu order in steps of 10 leaves room between items. */
  order: number;
  /** Link target when the path has parameters (`/tickets/:ticketId?` → `/tickets`). */
  to?: string;
}

export interface AppRoute {
  /** Stable id, also the menu item's test id (`menu-item-<id>`). */
  id: string;
  path: string;
  access: 'public' | 'private';
  /** 'shell' renders inside the drawer + top bar layout; 'bare' stands alone (login, signup, the overdue screen). */
  frame: 'shell' | 'bare';
  component: ComponentType;
  guard?: RouteGuard;
  menu?: MenuEntry;
}

/** Where a screen stands in the side menu; its label is the text `menu.<id>`, or `labelKey` where the id differs. */
export type MenuPlace<Id extends string> = Omit<MenuEntry, 'labelKey'> &
  (`menu.${Id}` extends MessageKey ? { labelKey?: MessageKey } : { labelKey: MessageKey });

/**
 * A signed-in screen inside the shell's frame, the usual route. With `menu` the side menu lists it, under the same
 * guard, so a menu item exists exactly when its screen does. `component` is always made with i18n/lazy.ts.
 */
export function screen<Id extends string>(id: Id, path: string, component: ComponentType, guard: RouteGuard, menu?: MenuPlace<Id>): AppRoute {
  const route: AppRoute = { id, path, access: 'private', frame: 'shell', component, guard };
  // MenuPlace proves `menu.<id>` a text wherever labelKey is left out.
  return menu ? { ...route, menu: { labelKey: `menu.${id}` as MessageKey, ...menu } } : route;
}

/** A signed-in screen standing alone, without the drawer and top bar (the overdue invoices, a sandbox phone). */
export const bareScreen = (id: string, path: string, component: ComponentType, guard: RouteGuard): AppRoute => ({
  ...screen(id, path, component, guard),
  frame: 'bare',
});

/** A page for visitors (login, signup, password recovery): a signed-in user is sent to `/`. */
export const publicPage = (id: string, path: string, component: ComponentType): AppRoute => ({ id, path, access: 'public', frame: 'bare', component });

export interface AccessContext {
  user: SessionUser;
  /** Browser-storage flags present (only `cshow` matters today). */
  storageFlags: ReadonlySet<string>;
}

export const isAdmin = (user: SessionUser) => user.profile === 'admin' || user.super;

/** Whether the route exists for this browser at all (storage-flag routes vanish without their flag). */
export const routeExists = (route: AppRoute, ctx: Pick<AccessContext, 'storageFlags'>): boolean =>
  !route.guard?.storageFlag || ctx.storageFlags.has(route.guard.storageFlag);

export const isAllowed = (guard: RouteGuard | undefined, ctx: AccessContext): boolean => {
  if (!guard) return true;
  const { user } = ctx;
  if (guard.planFlag && !user.company.plan[guard.planFlag]) return false;
  if (guard.area && !mayOpen(user, guard.area)) return false;
  return true;
};

export interface MenuItem extends MenuEntry {
  id: string;
  to: string;
}

/** The side menu: only screens that exist, that this user may open, grouped and ordered. */
export const menuFor = (routes: readonly AppRoute[], ctx: AccessContext): Record<MenuGroup, MenuItem[]> => {
  const groups: Record<MenuGroup, MenuItem[]> = { main: [], admin: [] };
  for (const route of routes) {
    if (!route.menu || route.access !== 'private') continue;
    if (!routeExists(route, ctx) || !isAllowed(route.guard, ctx)) continue;
    groups[route.menu.group].push({ ...route.menu, id: route.id, to: route.menu.to ?? route.path });
  }
  for (const items of Object.values(groups)) items.sort((a, b) => a.order - b.order);
  return groups;
};
