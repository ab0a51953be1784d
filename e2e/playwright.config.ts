import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
// The sandbox the tests start runs Portico's packages from their sources, never from dist/.
import '../scripts/source-condition.mjs'
import { E2E_WORKERS, e2eDemoOut, e2ePorts, e2eUrls } from './ports.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Debian's Chromium, with the flags this machine's closed network needs. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export default defineConfig({
  testDir: './tests',
  // Apart per port offset, so two runs on one machine keep their own artefacts.
  outputDir: process.env['PORTICO_E2E_PORT_OFFSET'] ? `../test-results-${process.env['PORTICO_E2E_PORT_OFFSET']}` : '../test-results',
  // A file's tests run in order in one worker. PORTICO_E2E_WORKERS=N shares the files among N workers, each with its
  // own sandbox (e2e/fixtures.ts) and demo (below) on its own ports: one unless told, since on this 2-core machine the
  // tests are bound by the processor (Chromium, the core's workers, anvil): 2 workers ran 92 tests in 21.5 min, where
  // 1 runs all 139 in about 24, and their busier cores timed out a test.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // Never retried, on CI or here: a test that passes only on a second try is a failure to fix.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    // An action (a click, a fill) that waits this long for its element fails there, naming it, rather than holding the
    // test until its own timeout says only that time ran out.
    actionTimeout: 30_000,
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // No trace unless asked (PORTICO_E2E_TRACE=1: kept for each failed test, in test-results/): recording one for every
    // test (its screencast and a DOM snapshot per action) cost Chromium and the test worker about 1.7 CPU s per test
    // here, all thrown away when the test passes. A failure is read from its error first, then run again with a trace.
    trace: process.env['PORTICO_E2E_TRACE'] ? 'retain-on-failure' : 'off',
    // The modal's endless animations (the wallet's pulse, the skeletons' shimmer, spinners) stop, as for a visitor who
    // asks for less motion: measured with the connecting view open in 3 tabs, Chromium spent 6.5 CPU s per 15 s
    // repainting them (8.4 with the trace's screencast), 0.3 without. No test needs motion; those that wait for an
    // entry animation to settle find none.
    reducedMotion: 'reduce',
  },
  // One demo per worker: the production build of the demo, with the sandbox's test wallet included and that worker's
  // sandbox URLs: built once for every run of these sources and this environment (scripts/e2e-demo.mjs; the engine
  // specs serve worker 0's too), then served. Each worker's tests reach theirs through `baseURL` (e2e/fixtures.ts).
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => demoServer(slot)),
})

/** Worker `slot`'s demo: built for its sandbox's URLs into its own folder, served on its own port. */
export function demoServer(slot: number) {
  const urls = e2eUrls(slot)
  return {
    command: `node scripts/e2e-demo.mjs && node node_modules/vite/bin/vite.js preview -c demo/vite.config.ts`,
    cwd: root,
    url: `${urls.demo}/`,
    env: {
      PORTICO_SANDBOX_WALLET: '1',
      // A run on moved ports (PORTICO_E2E_PORT_OFFSET) or another worker builds apart, so it never empties another's demo.
      PORTICO_DEMO_OUT: e2eDemoOut(slot),
      PORTICO_DEMO_PORT: String(e2ePorts(slot).demo),
      VITE_PORTICO_CHAIN_A_RPC: urls.chainA,
      VITE_PORTICO_CHAIN_B_RPC: urls.chainB,
      VITE_PORTICO_API_URL: urls.dataApi,
      VITE_PORTICO_CATALOGUE_URL: urls.catalogue,
      VITE_PORTICO_RELAY_URL: urls.relay,
      VITE_PORTICO_FRAME_URL: urls.frame,
      VITE_PORTICO_SOLANA_RPC: urls.solana,
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore' as const,
  }
}
