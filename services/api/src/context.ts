import type { MetaSettings } from '@conversa/channels/meta/index';
import type { EventRegistry, NumberDigest, Position } from '@conversa/contracts';
import { systemActor, userActor, type Connectors, type IdAllocator, type ResetCodes, type SecretBox, type WaitForProjections } from '@conversa/core';
import type { EventStore, StateCache } from '@conversa/eventstore';
import type { MediaStore } from '@conversa/media';
import type { Kysely } from 'kysely';
import type { ReadDatabase } from '@conversa/projections/database';
import type { TokenService } from './http/tokens';
import type { SessionGuard } from './session/guard';
import type { LimitStore } from './limits/store';
import type { LoginLimiter } from './session/limiter';

export interface ApiContext {
  store: EventStore;
  /** The process's folded states (the write side's cache and snapshots). */
  states?: StateCache;
  registry: EventRegistry;
  db: Kysely<ReadDatabase>;
  ids: IdAllocator;
  tokens: TokenService;
  /** The request limits' shared counts (Postgres): login, password reset and messages API budgets hold across API processes. */
  limits: LimitStore;
  loginLimiter: LoginLimiter;
  /** Password reset codes, keyed with the server's secret (never stored in the clear). */
  resetCodes: ResetCodes;
  /** Whether an access token's session is still active (logout, password change, deletion end it). */
  sessions: SessionGuard;
  /** Message files (uploads, channel downloads, quick-message media). */
  media: MediaStore;
  /**
   * Resolves when the read models (those named, default every one) have committed the position, so
   * answers read what the command wrote; or after a bounded time, since a stuck read model must not
   * hold requests: the answer then reads what is there.
   */
  waitForProjections(position: Position | null, options?: WaitForProjections): Promise<void>;
  hashPassword(password: string): Promise<string>;
  verifyPassword(hash: string, password: string): Promise<boolean>;
  now(): Date;
  /** Secure cookies when served over https. */
  secureCookies: boolean;
  /** Days of trial a self-service signup gets before its first due date. */
  trialDays: number;
  /** Seals and opens the secrets companies give (integration keys, AI keys): SECRETS_KEY. */
  secrets: SecretBox;
  /** Names numbers' guard streams without saying them (createNumberDigest under SECRETS_KEY). */
  numberDigest: NumberDigest;
  /** The bot's connectors (Typebot, webhooks, Dialogflow, AI, speech): the integration test and AI help in the composer call them. */
  connectors: Connectors;
  /** Facebook, Instagram and WhatsApp Cloud API (webhook, POST /facebook); absent when the server has no Meta app configured. */
  meta?: MetaSettings;
  /** Webhook signing secrets' box (WEBHOOKS_SECRET_KEY) and WEBHOOKS_ALLOW_PRIVATE_URLS. */
  webhooks: { secrets: SecretBox; allowPrivateUrls: boolean };
  /** OUTBOUND_ALLOW_PRIVATE_URLS: companies' integration URLs may lead to private, loopback or link-local addresses. */
  outbound: { allowPrivateUrls: boolean };
  /** The payment provider's webhook: the `asaas-access-token` it must carry (empty: payments not configured, every delivery refused). */
  payments?: { webhookToken: string };
  /** Web Push: the VAPID public key browsers subscribe with (absent: push not configured). */
  push?: { publicKey: string };
}

/** Runs a command and waits (bounded) until the read models show it: the core's one command style. */
export { execute, type WaitForProjections } from '@conversa/core';

export { userActor, systemActor };
