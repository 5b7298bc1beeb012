import { defineConfig } from 'vite';
import { bootEntry } from './scripts/bootEntry.ts';
import { iconSets } from './scripts/iconSets.ts';
import { precompress } from './scripts/precompress.ts';
import { pureAnatomies } from './scripts/pureAnatomies.ts';
import { serviceWorkerManifest } from './scripts/serviceWorkerManifest.ts';
import { textsPlugin } from './scripts/textsPlugin.ts';
import { toastStore } from './scripts/toastStore.ts';

/** Same-origin API in production; in dev, everything that is not a Vite module or a page navigation goes to the API server. */
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  plugins: [bootEntry(), serviceWorkerManifest(), textsPlugin({ precompile: command === 'build' }), pureAnatomies(), toastStore(), iconSets(), precompress()],
  resolve: {
    // The build's texts are precompiled ICU ASTs (scripts/textsPlugin.ts): react-intl never parses a message, so the
    // parser's no-parser build (same exports, `parse` throws) stands in for it. Dev keeps strings and the parser.
    alias: command === 'build' ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // Chakra/Ark mark their modules "use client" for server-component frameworks; a browser bundle has no use for it.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        // What index.html loads statically travels in a few files, not 36: on HTTP/1.1 a browser fetches six at a
        // time, one round trip each (docs/ui-bundle.md "On a phone network"). The boot entry stays apart.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !/[\\/]src[\\/]boot\.ts$/.test(id) }] },
      },
    },
  },
  server: {
    proxy: {
      '^/(?!@|src/|node_modules/|assets/|service-worker\\.js|favicon\\.svg).+': {
        target: apiTarget,
        changeOrigin: false,
        ws: true,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
    },
  },
}));
