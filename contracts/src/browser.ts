/**
 * Imported first by the browser app, for its side effect. The app's Content-Security-Policy has no
 * 'unsafe-eval', and zod's first object parse probes `new Function` to compile a faster parser: the
 * browser refuses it (zod falls back) but reports a CSP violation on every page that parses.
 * Without compiling, parsing is the same, only without that shortcut.
 *
 * zod keeps its global config (what `z.config` sets) on globalThis.__zod_globalConfig, shared by every copy of zod,
 * and creates it only when absent. Setting it there rather than calling `z.config` keeps zod's core utilities
 * (3.9 KiB gzip) off the first page, where nothing else uses zod. browser.spec.ts checks that zod reads it.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
