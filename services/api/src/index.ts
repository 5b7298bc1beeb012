export * from './app';
export * from './context';
export { createTokenService, type TokenService } from './http/tokens';
export { createLoginLimiter } from './session/limiter';
