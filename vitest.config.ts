import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Portico's packages from their sources (the `@portico/source` export condition), never dist/. */
const SOURCE = '@portico/source'

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: [SOURCE, ...defaultServerConditions] },
        ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions] } },
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared-types/src/**/*.test.ts', 'worker-core/src/**/*.test.ts', 'service-worker/src/**/*.test.ts', 'sandbox/**/*.test.ts'],
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
        },
      },
    ],
  },
})
