import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { iconSets } from './scripts/iconSets.ts';
import { pureAnatomies } from './scripts/pureAnatomies.ts';
import { textsPlugin } from './scripts/textsPlugin.ts';

/**
 * Stamps dist/service-worker.js with the list of built files and a version hashed from them,
 * so every deploy that changes a byte of the shell installs a new worker (and shows the update prompt),
 * while a rebuild of identical sources keeps the old one.
 */
function serviceWorkerManifest(): Plugin {
  let outDir = 'dist';
  let files: string[] = [];
  let digest = '';
  return {
    name: 'conversa-service-worker-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map'))
        .sort();
      for (const name of files) {
        const item = bundle[name]!;
        hash.update(name);
        hash.update(item.type === 'chunk' ? item.code : typeof item.source === 'string' ? item.source : Buffer.from(item.source));
      }
      digest = hash.digest('hex').slice(0, 16);
    },
    async writeBundle() {
      const target = join(outDir, 'service-worker.js');
      const source = await readFile(target, 'utf8');
      const precache = ['/', ...files.filter((name) => name !== 'index.html').map((name) => `/${name}`)];
      await writeFile(
        target,
        source
          .replace("const VERSION = 'dev';", `const VERSION = '${digest}';`)
          .replace('const PRECACHE = [];', `const PRECACHE = ${JSON.stringify(precache)};`),
      );
    },
  };
}

/** Same-origin API in production; in dev, everything that is not a Vite module or a page navigation goes to the API server. */
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  plugins: [serviceWorkerManifest(), textsPlugin({ precompile: command === 'build' }), pureAnatomies(), iconSets()],
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
