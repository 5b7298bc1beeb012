/**
 * Spec constants the always-loaded shell needs. They equal the ones in @conversa/contracts (constants.spec.ts checks
 * that), but are declared here because any value import from contracts pulls zod into the initial bundle.
 */
export const USER_STATUS_PING_MS = 300_000;
export const SUBSCRIPTION_WARNING_DAYS = 5;
