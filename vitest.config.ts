import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Portico's packages from their sources (the `@portico/source` export condition), never dist/. */
const SOURCE = '@portico/source'
// Without 'module': Node loads the dependencies Vitest leaves outside as Node would (walletkit's
// @walletconnect/pay has a 'module' build that imports 'brotli/decompress' without an extension).
const NODE_CONDITIONS = defaultServerConditions.filter((condition) => condition !== 'module')
const NODE_RESOLVE = { resolve: { conditions: [SOURCE, ...NODE_CONDITIONS] }, ssr: { resolve: { conditions: [SOURCE, ...NODE_CONDITIONS] } } }

/** Tests that start the sandbox or another process (anvil, PostgreSQL, a bin): the core's and the frame service's test/ folders, and *.sandbox.test.ts. */
const SANDBOX_TESTS = ['worker-core/test/**/*.test.ts', 'frame-service/test/**/*.test.ts', '**/*.sandbox.test.ts']
/** Tests that drive Debian's Chromium. */
const BROWSER_TESTS = ['**/*.browser.test.ts']
const EXCLUDE = ['**/node_modules/**']

/**
 * Four projects: `unit` (Node, nothing started outside the process), `dom` (the React package and
 * the wagmi connector in happy-dom), `sandbox` (the sandbox's services, anvil, PostgreSQL or a bin)
 * and `browser` (Chromium).
 * `npm run test:fast` runs the first two; `npm test` runs all four.
 */
export default defineConfig({
  test: {
    // Two files at a time on two cores (Vitest's default leaves one core idle): many files spend most
    // of their time waiting on a chain, a relay, a browser or a server rather than computing.
    maxWorkers: 2,
    projects: [
      {
        ...NODE_RESOLVE,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'shared-types/src/**/*.test.ts',
            'shared-types/test/**/*.test.ts',
            'simulation/test/**/*.test.ts',
            'worker-core/src/**/*.test.ts',
            'service-worker/src/**/*.test.ts',
            'frame-service/src/**/*.test.ts',
            'sandbox/src/**/*.test.ts',
            'sandbox/wallet/**/*.test.ts',
            'scripts/*.test.ts',
          ],
          exclude: [...EXCLUDE, ...SANDBOX_TESTS, ...BROWSER_TESTS],
          // The files of a worker share their modules (imported once, not once per file): 62 s → 24 s here. A
          // file leaves nothing behind that another reads (checked with --sequence.shuffle.files).
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        resolve: { conditions: [SOURCE, ...defaultClientConditions] },
        ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['main-thread/src/**/*.test.{ts,tsx}', 'wagmi/src/**/*.test.{ts,tsx}'],
          exclude: EXCLUDE,
          setupFiles: ['main-thread/test/setup.ts'],
          // The files of a worker share one window and their modules (107 s → 28 s here); what a file puts on the
          // window (announced wallets, storage) goes with it (main-thread/test/setup.ts).
          isolate: false,
          // A view rendered with a thousand rows in happy-dom takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        ...NODE_RESOLVE,
        test: {
          name: 'sandbox',
          environment: 'node',
          include: SANDBOX_TESTS,
          exclude: [...EXCLUDE, ...BROWSER_TESTS, 'main-thread/**'],
          // The files of a worker share their modules (263 s → 184 s here); each starts and stops its own sandbox, and a
          // WalletConnect client a file shut down stays closed (sandbox/src/relay/test-clients.ts: shutdown).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        ...NODE_RESOLVE,
        test: {
          name: 'browser',
          environment: 'node',
          include: BROWSER_TESTS,
          exclude: EXCLUDE,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
