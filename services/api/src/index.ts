export * from './app';
export * from './context';
export { createTokenService, type TokenService } from './http/tokens';
export { createLoginLimiter, LimitExceeded, type LoginLimits } from './session/limiter';
export { migrateLimits, postgresLimits, type LimitStore } from './limits/store';
export { ACTIVE_SESSION_CACHE_MS, createSessionGuard, sessionActiveInStream, type SessionGuard } from './session/guard';
export { campaignLookup } from './campaigns/lookup';
