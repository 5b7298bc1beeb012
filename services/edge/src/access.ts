import { UserAccessChange } from '@conversa/contracts/session/access';
import type { FastifyBaseLogger } from 'fastify';
import { type Client, closeCodes } from './client';
import type { SocketPrincipal } from './edge';

// setTimeout's limit (~24.8 days); a token living longer is re-checked then.
const maxTimerMs = 2 ** 31 - 1;

export interface AccessOptions {
  authenticate(token: string): Promise<SocketPrincipal | null>;
  reauthorize?(principal: SocketPrincipal): Promise<SocketPrincipal | null>;
  /** Stops the socket's frames at once and closes it (default code: unauthorized, 4401). */
  revoke(client: Client, reason: string, code?: number): void;
  log: FastifyBaseLogger;
}

/**
 * Keeps what a socket may see in step with its session after connect: the access token's expiry (a
 * fresh token sent as `authenticate` extends it), and the bus's announcements that a user's access
 * changed (revoked: close; rescoped: reload the principal so the filters apply the new role and queues).
 */
export function createAccessControl(options: AccessOptions) {
  const { log } = options;

  const watchExpiry = (client: Client) => {
    clearTimeout(client.expiryTimer);
    client.expiryTimer = undefined;
    const expiresAt = client.principal.expiresAt;
    if (expiresAt === undefined) return;
    const due = Math.min(maxTimerMs, Math.max(0, expiresAt - Date.now()));
    client.expiryTimer = setTimeout(() => {
      if (client.principal.expiresAt !== undefined && client.principal.expiresAt <= Date.now()) options.revoke(client, 'token expired');
      else watchExpiry(client);
    }, due);
    client.expiryTimer.unref();
  };

  const release = (client: Client) => {
    clearTimeout(client.expiryTimer);
    client.expiryTimer = undefined;
  };

  /** A fresh access token for the same user and company; anything else ends the socket. */
  const reauthenticate = async (client: Client, token: string) => {
    try {
      const principal = await options.authenticate(token);
      if (!principal || principal.userId !== client.principal.userId || principal.companyId !== client.principal.companyId) {
        options.revoke(client, 'unauthorized');
        return;
      }
      client.principal = principal;
      watchExpiry(client);
    } catch (error) {
      // Not the client's fault: the current token keeps the socket until it expires.
      log.error({ err: error, userId: client.principal.userId }, 'websocket re-authentication failed');
    }
  };

  const rescope = async (client: Client) => {
    if (!options.reauthorize) return;
    const current = client.principal;
    try {
      const principal = await options.reauthorize(current);
      // A fresh token may have replaced the principal meanwhile; its expiry stands.
      if (!principal) options.revoke(client, 'session revoked');
      else client.principal = { ...principal, expiresAt: client.principal.expiresAt, sessionId: client.principal.sessionId };
    } catch (error) {
      // Unknown new scope: a socket that cannot be told what it may see must not keep seeing the old.
      // 1011, not 4401: not the client's fault, so it reconnects (and is authenticated afresh).
      log.error({ err: error, userId: current.userId }, 'websocket re-scoping failed; closed');
      options.revoke(client, 'access check unavailable', closeCodes.internalError);
    }
  };

  /** Applies a `user-access` announcement to the company's sockets. */
  const announce = (clients: Iterable<Client>, data: unknown) => {
    const parsed = UserAccessChange.safeParse(data);
    if (!parsed.success) return;
    const { userId, sessionId, change } = parsed.data;
    for (const client of [...clients]) {
      if (client.principal.userId !== userId) continue;
      if (sessionId !== undefined && client.principal.sessionId !== sessionId) continue;
      if (change === 'revoked') options.revoke(client, 'session revoked');
      else recheck(client);
    }
  };

  /** Reloads a socket's principal, closing it if its session or user is gone. */
  const recheck = (client: Client) => void rescope(client);

  return { watchExpiry, release, reauthenticate, announce, recheck };
}
