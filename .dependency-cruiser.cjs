/**
 * The layer table of docs/ARCHITECTURE.md ("Layers"), checked by `pnpm depcheck` (part of `pnpm test`).
 * Each rule forbids an import that climbs. Tests and specs follow the same direction; only they reach the
 * test support (services/testing, projections/testing.ts, ui/src/test). Benchmarks (bench/) assemble layers as
 * the server does and are left out.
 */
const test = '(\\.spec\\.tsx?$|/test/|^services/testing/|^projections/testing\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ── server ──────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'contracts-import-nothing-of-ours',
      comment: 'contracts are the bottom layer: every other package, the UI included, builds on them.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(platform|projections|services|ui)/' },
    },
    {
      name: 'ports-sit-on-contracts',
      comment: 'The event store, the bus and media (ports and their adapters) import contracts only.',
      severity: 'error',
      from: { path: '^services/(eventstore|bus|media)/' },
      to: { path: '^(platform|projections|ui)/|^services/(core|api|channels|routing|automation|edge|server)/' },
    },
    {
      name: 'core-is-the-domain',
      comment: 'Deciders and use cases (services/core) sit on contracts and the event store, not on the runtime, the read side or the bus.',
      severity: 'error',
      from: { path: '^services/core/' },
      to: { path: '^(platform|projections|ui)/|^services/(bus|media|api|channels|routing|automation|edge|server)/' },
    },
    {
      name: 'platform-is-framework',
      comment: 'The projector runtime (platform/) sits on contracts, the event store and the bus; services and projections sit on it.',
      severity: 'error',
      from: { path: '^platform/' },
      to: { path: '^(projections|ui)/|^services/(core|media|api|channels|routing|automation|edge|server)/' },
    },
    {
      name: 'projections-sit-on-platform',
      comment: 'Projectors and queries import contracts and platform, never a service.',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^ui/|^services/(?!testing/)' },
    },
    {
      name: 'services-below-server',
      comment: 'Only services/server assembles the roles; a service never imports it.',
      severity: 'error',
      from: { path: '^services/(?!server/)' },
      to: { path: '^services/server/|^ui/' },
    },
    {
      name: 'test-support-from-tests-only',
      comment: 'The harnesses (services/testing, projections/testing.ts) are for specs and tests.',
      severity: 'error',
      from: { path: '^(contracts|platform|projections|services)/', pathNot: test },
      to: { path: '^services/testing/|^projections/testing\\.ts$' },
    },
    {
      name: 'imports-resolve',
      comment: 'An import that does not resolve (say, a package its workspace does not declare) would hide which layer it reaches.',
      severity: 'error',
      from: {},
      // The UI's texts modules are made by its build (ui/scripts/textsPlugin.ts); the typed client's openapi.d.ts by its generator.
      to: { couldNotResolve: true, pathNot: '^virtual:texts/|^\\./openapi$' },
    },
    // ── ui: i18n ← app ← shared ← features ← shell ────────────────────────────────────────────────────
    {
      name: 'ui-sits-on-contracts',
      comment: 'The browser imports contracts only of the server side.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^(platform|projections|services)/' },
    },
    {
      name: 'ui-i18n-is-the-bottom',
      comment: "i18n knows no screen: the keys come from the shell's catalogue by declaration merging (i18n/keys.ts).",
      severity: 'error',
      from: { path: '^ui/src/i18n/' },
      to: { path: '^ui/src/(app|shared|features|shell)/' },
    },
    {
      name: 'ui-app-is-the-base',
      comment: 'The base (api, store, session, socket) knows no kit, feature or shell.',
      severity: 'error',
      from: { path: '^ui/src/app/' },
      to: { path: '^ui/src/(shared|features|shell)/' },
    },
    {
      name: 'ui-shared-is-the-kit',
      comment: 'A component two features use lives in shared and knows neither.',
      severity: 'error',
      from: { path: '^ui/src/shared/' },
      to: { path: '^ui/src/(features|shell)/' },
    },
    {
      name: 'ui-features-below-shell',
      comment: 'The shell assembles the features; a feature that reached back into it would close a circle.',
      severity: 'error',
      from: { path: '^ui/src/features/' },
      to: { path: '^ui/src/shell/' },
    },
    {
      name: 'ui-test-support-from-tests-only',
      comment: 'ui/src/test (harness, fixtures) is for specs.',
      severity: 'error',
      from: { path: '^ui/src/', pathNot: '\\.spec\\.tsx?$|^ui/src/test/' },
      to: { path: '^ui/src/test/' },
    },
  ],
  options: {
    // Type-only imports count: a type that climbs is a layer leak too.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // .cluster: the cluster test's bundle of the server (built, untracked).
    exclude: { path: '(^|/)(node_modules|dist|\\.cluster)/|/bench/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
