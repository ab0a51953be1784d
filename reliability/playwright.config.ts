import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
// The sandbox the tests start runs Portico's packages from their sources, never from dist/.
import '../scripts/source-condition.mjs'
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts'
import { E2E_PORTS, E2E_URLS } from '../e2e/ports.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The reliability suite's browser rows: the production demo (with the Sandbox Wallet) and a fresh sandbox, on e2e's ports. */
export default defineConfig({
  testDir: './browser',
  outputDir: `../test-results-reliability-${E2E_PORTS.demo}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_URLS.demo,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env['PORTICO_CHROMIUM'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // As e2e/playwright.config.ts: a trace only when asked (PORTICO_E2E_TRACE=1).
    trace: process.env['PORTICO_E2E_TRACE'] ? 'retain-on-failure' : 'off',
    // As e2e/playwright.config.ts: the endless animations stop, so Chromium does not spend the machine's CPU repainting them.
    reducedMotion: 'reduce',
  },
  webServer: {
    command: `node scripts/e2e-demo.mjs && node node_modules/vite/bin/vite.js preview -c demo/vite.config.ts`,
    cwd: root,
    url: `${E2E_URLS.demo}/`,
    env: {
      PORTICO_SANDBOX_WALLET: '1',
      // Built apart from e2e's demo, so neither run empties the other's.
      PORTICO_DEMO_OUT: `dist-reliability-${E2E_PORTS.demo}`,
      PORTICO_DEMO_PORT: String(E2E_PORTS.demo),
      // The chains through the sandbox's JSON-RPC endpoint, which the fault rules reach (chaos).
      VITE_PORTICO_CHAIN_A_RPC: `${E2E_URLS.dataApi}/rpc/31337`,
      VITE_PORTICO_CHAIN_B_RPC: `${E2E_URLS.dataApi}/rpc/31338`,
      VITE_PORTICO_API_URL: E2E_URLS.dataApi,
      VITE_PORTICO_CATALOGUE_URL: E2E_URLS.catalogue,
      VITE_PORTICO_RELAY_URL: E2E_URLS.relay,
      VITE_PORTICO_FRAME_URL: E2E_URLS.frame,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
  },
})
