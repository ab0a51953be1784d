import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
// The sandbox the tests start runs Portico's packages from their sources, never from dist/.
import '../scripts/source-condition.mjs'
import { E2E_DEMO_OUT, E2E_PORTS, E2E_URLS } from './ports.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Debian's Chromium, with the flags this machine's closed network needs. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export default defineConfig({
  testDir: './tests',
  // Apart per port offset, so two runs on one machine keep their own artefacts.
  outputDir: process.env['PORTICO_E2E_PORT_OFFSET'] ? `../test-results-${process.env['PORTICO_E2E_PORT_OFFSET']}` : '../test-results',
  fullyParallel: false,
  workers: 1,
  // Never retried, on CI or here: a test that passes only on a second try is a failure to fix.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: E2E_URLS.demo,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    // The modal's endless animations (the wallet's pulse, the skeletons' shimmer, spinners) stop, as for a visitor who
    // asks for less motion: measured with the connecting view open in 3 tabs, Chromium spent 6.5 CPU s per 15 s
    // repainting them (8.4 with the trace's screencast), 0.3 without. No test needs motion; those that wait for an
    // entry animation to settle find none.
    reducedMotion: 'reduce',
  },
  webServer: {
    // The production build of the demo, with the sandbox's test wallet included: built once for every run of these
    // sources and this environment (scripts/e2e-demo.mjs; the engine specs serve it too), then served.
    command: `node scripts/e2e-demo.mjs && node node_modules/vite/bin/vite.js preview -c demo/vite.config.ts`,
    cwd: root,
    url: `${E2E_URLS.demo}/`,
    env: {
      PORTICO_SANDBOX_WALLET: '1',
      // A run on moved ports (PORTICO_E2E_PORT_OFFSET) builds apart, so it never empties another run's demo.
      PORTICO_DEMO_OUT: E2E_DEMO_OUT,
      PORTICO_DEMO_PORT: String(E2E_PORTS.demo),
      VITE_PORTICO_CHAIN_A_RPC: E2E_URLS.chainA,
      VITE_PORTICO_CHAIN_B_RPC: E2E_URLS.chainB,
      VITE_PORTICO_API_URL: E2E_URLS.dataApi,
      VITE_PORTICO_CATALOGUE_URL: E2E_URLS.catalogue,
      VITE_PORTICO_RELAY_URL: E2E_URLS.relay,
      VITE_PORTICO_FRAME_URL: E2E_URLS.frame,
      VITE_PORTICO_SOLANA_RPC: E2E_URLS.solana,
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
  },
})
