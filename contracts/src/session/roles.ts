import type { Profile } from './api';

/**
 * The role table: who may open each screen, read each resource and change it (create, edit, delete, start).
 * The side menu and the screens' guards (ui/src/app/access.ts), the API routes' `config: { auth: { area } }`
 * (services/api/src/http/auth.ts) and the screens' action buttons all read it, so they cannot drift.
 * docs/roles.md gives the table in words and the decisions the spec leaves open.
 */

/**
 * Who passes. `admins` are the admin profile and super users (a super user passes every audience);
 * the user flags make a plain user count as admin for some screens (spec 1 §6, spec 2 §6).
 */
export type Audience =
  | 'everyone'
  | 'admins'
  /** The administration section: admins and users with allowConnections. */
  | 'administration'
  /** Admins and supervisors. */
  | 'supervisors'
  /** The users screen: the administration section plus supervisors (contracts/src/users/access.ts). */
  | 'userManagers'
  /** Admins and users with showDashboard. */
  | 'dashboard'
  /** Admins and users with allowRealTime. */
  | 'realTime'
  | 'super';

/** What the rules look at; both the session's user and the API's principal have it. */
export interface RoleHolder {
  profile: Profile;
  super: boolean;
  showDashboard: boolean;
  allowRealTime: boolean;
  allowConnections: boolean;
}

export const inAudience = (user: RoleHolder, audience: Audience): boolean => {
  if (user.super || audience === 'everyone') return true;
  const admin = user.profile === 'admin';
  switch (audience) {
    case 'admins':
      return admin;
    case 'administration':
      return admin || user.allowConnections;
    case 'supervisors':
      return admin || user.profile === 'supervisor';
    case 'userManagers':
      return admin || user.profile === 'supervisor' || user.allowConnections;
    case 'dashboard':
      return admin || user.showDashboard;
    case 'realTime':
      return admin || user.allowRealTime;
    case 'super':
      return false;
  }
};

/** One row: `screen` is who sees the menu item and may open the page (absent: no screen of its own). */
export interface AreaRule {
  screen?: Audience;
  read: Audience;
  write: Audience;
}

export const roleTable = {
  /** The signed-in user's own session, profile, company, its settings' values and media. */
  account: { read: 'everyone', write: 'everyone' },
  // The main menu.
  home: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  dashboard: { screen: 'dashboard', read: 'dashboard', write: 'dashboard' },
  moments: { screen: 'realTime', read: 'realTime', write: 'realTime' },
  /** Deleting a ticket and show-all follow contracts/src/session/permissions.ts. */
  tickets: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  /** The tickets screen's close all and user filter, and a new ticket outside any queue. */
  ticketsAdmin: { read: 'admins', write: 'admins' },
  quickMessages: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  /** Another user's quick messages and the general flag. */
  generalQuickMessages: { read: 'supervisors', write: 'supervisors' },
  kanban: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  /** Deleting a contact follows contracts/src/session/permissions.ts. */
  contacts: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  /** Erasing a contact's personal data for good (LGPD art. 18 IV, VI): docs/lgpd.md. */
  contactErasure: { read: 'admins', write: 'admins' },
  schedules: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  todolist: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  tags: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  chats: { screen: 'everyone', read: 'everyone', write: 'everyone' },
  helps: { screen: 'everyone', read: 'everyone', write: 'super' },
  announcements: { screen: 'super', read: 'everyone', write: 'super' },
  // The administration menu.
  campaigns: { screen: 'administration', read: 'administration', write: 'administration' },
  /** A list and its numbers: deleting either takes the same right. */
  contactLists: { screen: 'administration', read: 'administration', write: 'administration' },
  campaignSettings: { screen: 'administration', read: 'administration', write: 'administration' },
  files: { screen: 'administration', read: 'administration', write: 'administration' },
  messagesApi: { screen: 'admins', read: 'admins', write: 'admins' },
  onDuty: { screen: 'administration', read: 'administration', write: 'administration' },
  /** The list is read by every user's pickers; creating, editing and deleting users is checked per user (users/access.ts). */
  users: { screen: 'userManagers', read: 'everyone', write: 'userManagers' },
  /** Queues and their chatbot options: every user's tickets read them. */
  queues: { screen: 'administration', read: 'everyone', write: 'admins' },
  prompts: { screen: 'admins', read: 'everyone', write: 'admins' },
  queueIntegrations: { screen: 'admins', read: 'everyone', write: 'admins' },
  /** Add, edit and delete are admin-only (spec 2 §6); the tickets' connection pickers read the list. */
  connections: { screen: 'administration', read: 'everyone', write: 'admins' },
  /** Start, new QR, disconnect, restart, close imported: whoever opens the connections screen. */
  connectionSessions: { read: 'administration', write: 'administration' },
  financial: { screen: 'admins', read: 'admins', write: 'admins' },
  webhooks: { screen: 'admins', read: 'admins', write: 'admins' },
  /** The settings screen; the values the app reads while working are the company's own (ownCompany). */
  settings: { screen: 'admins', read: 'admins', write: 'admins' },
  /** A contact's data export (LGPD access, GET /contacts/{id}/data-export): everything held about one person. */
  contactDataExport: { read: 'admins', write: 'admins' },
  companies: { screen: 'super', read: 'super', write: 'super' },
  plans: { read: 'super', write: 'super' },
} as const satisfies Record<string, AreaRule>;

export type Area = keyof typeof roleTable;
export type AreaAction = 'screen' | 'read' | 'write';

/** Whether the user passes the area's rule for that action (a row without a screen is opened by its readers). */
export const mayDo = (user: RoleHolder, area: Area, action: AreaAction): boolean => {
  const rule: AreaRule = roleTable[area];
  return inAudience(user, action === 'screen' ? (rule.screen ?? rule.read) : rule[action]);
};

export const mayOpen = (user: RoleHolder, area: Area): boolean => mayDo(user, area, 'screen');
export const mayWrite = (user: RoleHolder, area: Area): boolean => mayDo(user, area, 'write');
