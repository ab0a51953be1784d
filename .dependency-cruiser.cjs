// The import rules of the house (DESIGN.md "Top-level folders" and "Rules of the house"), checked by
// `npm run depcruise` in `npm test`: a forbidden arrow fails with the rule's name and both ends.
/**
 * A unit test beside its code may reach across the layers below (a page test builds a core to talk to).
 * Test helpers live in each package's test/ folder, outside src/: no helper is exempt, and the sandbox
 * rules below hold for every file under src/, tests included (a test that needs the sandbox lives in test/).
 */
const TESTS = '\\.test\\.tsx?$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'packages-never-import-the-sandbox',
      comment: "The sandbox stands in for remote services: nothing under a package's src/ imports it, tests included (tests that need it live in the package's test/ folder).",
      severity: 'error',
      from: { path: '^(shared-types|simulation|worker-core|service-worker|main-thread)/src/' },
      to: { path: '^(sandbox|demo|e2e|reliability|examples)/' },
    },
    {
      name: 'frame-service-never-imports-the-sandbox',
      comment:
        'The frame service is a product a dapp deploys: it imports shared-types and its own dependencies, never a stand-in (only its tests, in frame-service/test/, compose it with the sandbox).',
      severity: 'error',
      from: { path: '^frame-service/(src|bin)/' },
      to: { path: '^(sandbox|demo|e2e|reliability|examples|main-thread|worker-core|service-worker|wagmi)/' },
    },
    {
      name: 'shared-types-imports-zod-only',
      comment: 'shared-types is the contract: zod and nothing else from outside, and no other package.',
      severity: 'error',
      from: { path: '^shared-types/src/', pathNot: TESTS },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: '^node_modules/zod/' },
    },
    {
      name: 'shared-types-is-the-bottom',
      severity: 'error',
      from: { path: '^shared-types/src/', pathNot: TESTS },
      to: { path: '^(simulation|worker-core|main-thread|service-worker)/' },
    },
    {
      name: 'simulation-imports-viem-and-the-contract',
      comment: "The transaction preview both the core and the frame service run: viem, @solana/kit and its token program's codecs, zod, and shared-types, nothing of either product.",
      severity: 'error',
      from: { path: '^simulation/src/', pathNot: TESTS },
      to: {
        pathNot: '^(simulation/src/|shared-types/|node_modules/(viem|abitype|ox|@noble|@scure|@adraffy|isows|ws|eventemitter3|zod|@solana|@solana-program)/)',
      },
    },
    {
      name: 'page-takes-the-worker-as-a-url-only',
      comment: "main-thread starts the core from its worker entry URL (new URL(…, import.meta.url)); it never imports the core's code.",
      severity: 'error',
      from: { path: '^main-thread/src/', pathNot: TESTS },
      to: { path: '^worker-core/' },
    },
    {
      name: 'worker-never-imports-the-page',
      comment: 'The worker has no DOM: nothing of the React package, React itself or the service worker.',
      severity: 'error',
      from: { path: '^worker-core/src/', pathNot: TESTS },
      to: { path: '^(main-thread|service-worker)/|^node_modules/(react|react-dom|workbox-[a-z-]+)/' },
    },
    {
      name: 'service-worker-stands-alone',
      severity: 'error',
      from: { path: '^service-worker/src/', pathNot: TESTS },
      to: { path: '^(main-thread|worker-core)/' },
    },
    {
      name: 'worker-infrastructure-knows-no-feature',
      comment: 'worker-core/src/infra (http, query layer, storage, store, rpc, hub) serves every feature and depends on none.',
      severity: 'error',
      from: { path: '^worker-core/src/infra/', pathNot: TESTS },
      to: { path: '^worker-core/src/(features|core\\.ts)' },
    },
    {
      name: 'features-do-not-reach-the-switchboard',
      comment: 'A feature gets what it needs through CoreContext and CoreServices, never from createCore.',
      severity: 'error',
      from: { path: '^worker-core/src/features/', pathNot: TESTS },
      to: { path: '^worker-core/src/(core|index)\\.ts$' },
    },
    {
      name: 'page-connectors-are-the-bottom',
      comment: 'Connectors wrap a wallet for the page; they know nothing of the session, actions, hooks or views.',
      severity: 'error',
      from: { path: '^main-thread/src/connectors/', pathNot: TESTS },
      to: { path: '^main-thread/src/(client|actions|hooks|modal|components|ui)/' },
    },
    {
      name: 'page-client-below-actions',
      comment: 'The client (the core link and the session) is used by actions, hooks and views, never the other way.',
      severity: 'error',
      from: { path: '^main-thread/src/client/', pathNot: TESTS },
      to: { path: '^main-thread/src/(actions|hooks|modal|components|ui)/' },
    },
    {
      name: 'page-actions-below-views',
      comment: 'Actions are what views and hooks call; an action never imports a view, a hook or a component.',
      severity: 'error',
      from: { path: '^main-thread/src/actions/', pathNot: TESTS },
      to: { path: '^main-thread/src/(hooks|modal|components|ui)/' },
    },
    {
      name: 'page-hooks-never-import-the-modal',
      comment: "A hook calls actions and the client, never the modal's code: a view uses hooks, not the other way, and the headless hooks work without the modal.",
      severity: 'error',
      from: { path: '^main-thread/src/hooks/', pathNot: TESTS },
      to: { path: '^main-thread/src/modal/' },
    },
    {
      name: 'no-circular',
      comment:
        'No module reaches itself again through what it imports at run time: a cycle makes the order of evaluation decide what is defined. Imports of types only are erased from the build and do not count.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['@portico/source', 'import', 'types', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
