import {
  can,
  defaultCompanySettings,
  DomainError,
  hidesNumbers,
  mayDo,
  type Area,
  type Permission,
  type PlanFlag,
  type Profile,
  type UserView,
} from '@conversa/contracts';
import { findSignedInUser } from '@conversa/projections/users/queries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { SessionGuard } from '../session/guard';
import type { TokenService } from './tokens';

export interface Principal {
  userId: number;
  companyId: number;
  sessionId: string;
  profile: Profile;
  super: boolean;
  user: UserView;
  planFlags: Record<PlanFlag, boolean>;
  /** The company's due date (YYYY-MM-DD). */
  dueDate: string;
  /** Contact numbers reach this caller masked (a plain user while the company's lgpdHideNumber is on). */
  numbersHidden: boolean;
}

/**
 * Declared on each route (`config: { auth: … }`), never re-coded in handlers:
 * 'public' skips authentication; otherwise a logged-in user is required, plus any of these rules.
 */
export type RouteAuth =
  | 'public'
  | {
      /**
       * The row of the role table (contracts/src/session/roles.ts) the route belongs to: a GET needs the row's
       * read audience, any other method its write audience (or `action` when the method does not tell).
       */
      area?: Area;
      action?: 'read' | 'write';
      permission?: Permission;
      plan?: PlanFlag;
      /** Still reachable when the company's subscription is overdue (session, own company, plans). */
      allowExpired?: boolean;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export function installAuth(app: FastifyInstance, deps: { db: Kysely<ReadDatabase>; tokens: TokenService; sessions: SessionGuard; today(): string }): void {
  app.decorateRequest('principal', null as unknown as Principal);
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config?.auth;
    if (rule === 'public' || request.routeOptions.url === undefined) return;
    request.principal = await authenticate(request, deps);
    enforce(request.principal, rule ?? {}, request.method, deps.today());
  });
}

async function authenticate(
  request: FastifyRequest,
  { db, tokens, sessions }: { db: Kysely<ReadDatabase>; tokens: TokenService; sessions: SessionGuard },
): Promise<Principal> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!token) throw new DomainError('ERR_UNAUTHENTICATED');
  const claims = await tokens.verifyAccessToken(token);
  // 403, not 401: the browser answers it with one refresh and a retry.
  if (!claims) throw new DomainError('ERR_INVALID_TOKEN');
  // A signed token outlives its session (logout, password change, deletion): the session decides.
  if (!(await sessions.isActive(claims.sessionId))) throw new DomainError('ERR_SESSION_EXPIRED');
  const signedIn = await findSignedInUser(db, claims.userId, claims.companyId);
  if (!signedIn) throw new DomainError('ERR_SESSION_EXPIRED');
  const { user, plan, dueDate, lgpdHideNumber } = signedIn;
  const { id: _id, name: _name, users: _u, connections: _c, queues: _q, amount: _a, isPublic: _p, ...planFlags } = plan;
  const numbersHidden = hidesNumbers(user, lgpdHideNumber ?? defaultCompanySettings.lgpdHideNumber);
  return {
    userId: user.id,
    companyId: user.companyId,
    sessionId: claims.sessionId,
    profile: user.profile,
    super: user.super,
    user,
    planFlags,
    dueDate,
    numbersHidden,
  };
}

/** The action a route's area rule asks for: its own `action`, else read for GET and write for any other method. */
export const areaAction = (rule: Exclude<RouteAuth, 'public'>, method: string): 'read' | 'write' =>
  rule.action ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');

function enforce(principal: Principal, rule: Exclude<RouteAuth, 'public'>, method: string, today: string): void {
  // An overdue company keeps its session and can see what it owes, but cannot work.
  if (!rule.allowExpired && principal.dueDate < today && !principal.super) throw new DomainError('ERR_SUBSCRIPTION_EXPIRED');
  if (rule.area && !mayDo(principal.user, rule.area, areaAction(rule, method))) throw new DomainError('ERR_NO_PERMISSION');
  if (rule.permission && !can(principal.profile, rule.permission) && !principal.super) throw new DomainError('ERR_NO_PERMISSION');
  if (rule.plan && !principal.planFlags[rule.plan]) throw new DomainError('ERR_PLAN_FEATURE_DISABLED');
}

/** The company a request may act on: its own, or any for a super user who names one. */
export function companyScope(principal: Principal, requested?: number): number {
  if (requested === undefined || requested === principal.companyId) return principal.companyId;
  if (principal.super) return requested;
  throw new DomainError('ERR_NO_PERMISSION');
}
