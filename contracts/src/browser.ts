import { z } from 'zod';

/**
 * Imported first by the browser app, for its side effect. The app's Content-Security-Policy has no
 * 'unsafe-eval', and zod's first object parse probes `new Function` to compile a faster parser: the
 * browser refuses it (zod falls back) but reports a CSP violation on every page that parses.
 * Without compiling, parsing is the same, only without that shortcut.
 */
z.config({ jitless: true });
