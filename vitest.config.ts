import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
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
