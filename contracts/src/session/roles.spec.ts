import { describe, expect, it } from 'vitest';
import { inAudience, mayDo, roleTable, type Audience, type RoleHolder } from './roles';

const holder = (changes: Partial<RoleHolder> = {}): RoleHolder => ({
  profile: 'user',
  super: false,
  showDashboard: false,
  allowRealTime: false,
  allowConnections: false,
  ...changes,
});
const audiences = [
  'everyone',
  'admins',
  'administration',
  'supervisors',
  'userManagers',
  'dashboard',
  'realTime',
  'super',
] as const satisfies readonly Audience[];
const passes = (user: RoleHolder) => audiences.filter((audience) => inAudience(user, audience));

describe('the role table', () => {
  it('lets each kind of user into exactly its audiences', () => {
    expect(passes(holder())).toEqual(['everyone']);
    expect(passes(holder({ allowConnections: true }))).toEqual(['everyone', 'administration', 'userManagers']);
    expect(passes(holder({ showDashboard: true }))).toEqual(['everyone', 'dashboard']);
    expect(passes(holder({ allowRealTime: true }))).toEqual(['everyone', 'realTime']);
    expect(passes(holder({ profile: 'supervisor' }))).toEqual(['everyone', 'supervisors', 'userManagers']);
    expect(passes(holder({ profile: 'admin' }))).toEqual(audiences.filter((audience) => audience !== 'super'));
    expect(passes(holder({ super: true }))).toEqual([...audiences]);
  });

  it('opens a row without a screen to its readers, and never lets a screen open to fewer than its writers', () => {
    expect(mayDo(holder({ allowConnections: true }), 'connectionSessions', 'screen')).toBe(true);
    expect(mayDo(holder(), 'connectionSessions', 'screen')).toBe(false);
    // Whoever may change a resource may open its screen: a button nobody could reach would be dead.
    const users = [
      holder(),
      holder({ allowConnections: true }),
      holder({ showDashboard: true, allowRealTime: true }),
      holder({ profile: 'supervisor' }),
      holder({ profile: 'admin' }),
    ];
    for (const area of Object.keys(roleTable) as Array<keyof typeof roleTable>) {
      if (!('screen' in roleTable[area])) continue;
      for (const user of users) if (mayDo(user, area, 'write')) expect(mayDo(user, area, 'screen'), `${area} ${JSON.stringify(user)}`).toBe(true);
    }
  });
});
