export * from './app';
export * from './context';
export { createTokenService } from './http/tokens';
export { createLoginLimiter, LimitExceeded } from './session/limiter';
export { migrateLimits, postgresLimits, type LimitStore } from './limits/store';
export { createSessionGuard, sessionActiveInStream } from './session/guard';
export { campaignLookup } from './campaigns/lookup';
