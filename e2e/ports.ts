/**
 * The end-to-end tests run their own sandbox and demo on ports apart from `npm start`'s, so the tests
 * can run while a developer has the demo open.
 */
/** `solana`: the sandbox's default for its Solana RPC, the data API's port + 112. */
const BASE = { demo: 25173, chainA: 28545, chainB: 28546, dataApi: 28787, catalogue: 28788, relay: 28789, frame: 28790, phoneWallet: 28791, solana: 28899 } as const
/** `PORTICO_E2E_PORT_OFFSET=100` moves every port, so two runs can share a machine. */
const RUN_OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
/**
 * How many Playwright workers run the Chromium tests (`PORTICO_E2E_WORKERS`, 1 unless told; see
 * playwright.config.ts): each has its own sandbox and its own demo build, WORKER_STRIDE ports above
 * the previous worker's.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env['PORTICO_E2E_WORKERS'] ?? 1) || 1)
const WORKER_STRIDE = 2000
/**
 * The worker this process is: Playwright sets TEST_PARALLEL_INDEX (0 … workers - 1) in each worker
 * process, so the ports below are that worker's own; elsewhere (the config, the engine specs, the
 * reliability suite) it is 0.
 */
const SLOT = Number(process.env['TEST_PARALLEL_INDEX'] ?? 0) || 0

/** How far worker `slot`'s ports are moved: the run's offset plus the worker's stride. */
const offsetOf = (slot: number) => RUN_OFFSET + slot * WORKER_STRIDE

/** Each port of `ports` as `http://127.0.0.1:PORT`. */
export function loopbackUrls<K extends string>(ports: { readonly [P in K]: number }): { readonly [P in K]: string } {
  return Object.fromEntries(Object.entries<number>(ports).map(([k, port]) => [k, `http://127.0.0.1:${port}`])) as { readonly [P in K]: string }
}

/** The ports of worker `slot`'s sandbox and demo. */
export function e2ePorts(slot: number) {
  return Object.fromEntries(Object.entries(BASE).map(([k, v]) => [k, v + offsetOf(slot)])) as { readonly [K in keyof typeof BASE]: number }
}

/** The URLs of worker `slot`'s sandbox and demo (the relay's a websocket). */
export function e2eUrls(slot: number) {
  const ports = e2ePorts(slot)
  return { ...loopbackUrls(ports), relay: `ws://127.0.0.1:${ports.relay}` }
}

/** The folder (under demo/) worker `slot`'s build of the demo goes to: apart per port, so no run or worker empties another's. */
export function e2eDemoOut(slot: number) {
  return offsetOf(slot) ? `dist-e2e-${e2ePorts(slot).demo}` : 'dist-e2e'
}

/** This process's ports and URLs (a Playwright worker's own). */
export const E2E_PORTS = e2ePorts(SLOT)
export const E2E_URLS = e2eUrls(SLOT)
/** The folder (under demo/) this process's build of the demo goes to. */
export const E2E_DEMO_OUT = e2eDemoOut(SLOT)

const OFFSET = offsetOf(SLOT)

/**
 * `npm start` as a newcomer runs it (e2e/tests/npm-start.spec.ts): its own sandbox and production demo,
 * on ports apart from the tests' sandbox and demo (moved by PORTICO_E2E_PORT_OFFSET too).
 */
const START_BASE = { demo: 25174, chainA: 28645, chainB: 28646, dataApi: 28887, catalogue: 28888, relay: 28889, phoneWallet: 28891 } as const
export const START_PORTS = Object.fromEntries(Object.entries(START_BASE).map(([k, v]) => [k, v + OFFSET])) as { readonly [K in keyof typeof START_BASE]: number }

/** The examples (examples/*), built from the packed tarballs and served by `vite preview` (e2e/tests/examples.spec.ts). */
export const EXAMPLE_PORTS = {
  viteReact: 25175 + OFFSET,
  wagmi: 25176 + OFFSET,
  webpack: 25177 + OFFSET,
  nextTurbopack: 25178 + OFFSET,
  nextWebpack: 25179 + OFFSET,
  headless: 25180 + OFFSET,
} as const
