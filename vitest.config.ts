import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Portico's packages from their sources (the `@portico/source` export condition), never dist/. */
const SOURCE = '@portico/source'
const NODE_CONDITIONS = defaultServerConditions.filter((condition) => condition !== 'module')

export default defineConfig({
  test: {
    // Two files at a time on two cores (Vitest's default leaves one core idle): many files spend most
    // of their time waiting on a chain, a relay, a browser or a server rather than computing.
    maxWorkers: 2,
    projects: [
      {
        // Without 'module': Node loads the dependencies Vitest leaves outside as Node would (walletkit's
        // @walletconnect/pay has a 'module' build that imports 'brotli/decompress' without an extension).
        resolve: { conditions: [SOURCE, ...NODE_CONDITIONS] },
        ssr: { resolve: { conditions: [SOURCE, ...NODE_CONDITIONS] } },
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared-types/src/**/*.test.ts', 'worker-core/src/**/*.test.ts', 'service-worker/src/**/*.test.ts', 'frame-service/**/*.test.ts', 'sandbox/**/*.test.ts', 'scripts/*.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { conditions: [SOURCE, ...defaultClientConditions] },
        ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['main-thread/src/**/*.test.{ts,tsx}'],
          setupFiles: ['main-thread/test/setup.ts'],
          // A view rendered with a thousand rows in happy-dom takes seconds on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
})
