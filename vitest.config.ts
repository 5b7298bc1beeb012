import { defineConfig } from 'vitest/config';
import { textsPlugin } from './ui/scripts/textsPlugin.ts';

export default defineConfig({
  test: {
    // Two cores: keep parallelism modest so Postgres, NATS and Chromium get CPU too.
    maxWorkers: 2,
    // The JSON report lets CI print a plain "N passed, N failed" closing line.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'contracts/src/**/*.spec.ts',
            'platform/src/**/*.spec.ts',
            'platform/test/**/*.spec.ts',
            'services/*/src/**/*.spec.ts',
            'services/*/test/**/*.spec.ts',
            'services/*/bench/**/*.spec.ts',
            'projections/**/*.spec.ts',
          ],
          exclude: ['**/node_modules/**'],
          globalSetup: ['services/testing/src/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        // The UI's texts modules (virtual:texts/…), as strings: tests keep the ICU parser.
        plugins: [textsPlugin({ precompile: false })],
        test: {
          name: 'ui',
          // The UI's jsdom, see the file's comment.
          environment: './ui/src/test/jsdom-environment.mjs',
          include: ['ui/src/**/*.spec.tsx', 'ui/src/**/*.spec.ts'],
          exclude: ['**/node_modules/**'],
          setupFiles: ['ui/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
