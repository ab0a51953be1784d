/**
 * The end-to-end tests run their own sandbox and demo on ports apart from `npm start`'s, so the tests
 * can run while a developer has the demo open.
 */
/** `solana`: the sandbox's default for its Solana RPC, the data API's port + 112. */
const BASE = { demo: 25173, chainA: 28545, chainB: 28546, dataApi: 28787, catalogue: 28788, relay: 28789, frame: 28790, phoneWallet: 28791, solana: 28899 } as const
/** `PORTICO_E2E_PORT_OFFSET=100` moves every port, so two runs can share a machine. */
const OFFSET = Number(process.env['PORTICO_E2E_PORT_OFFSET'] ?? 0) || 0
export const E2E_PORTS = Object.fromEntries(Object.entries(BASE).map(([k, v]) => [k, v + OFFSET])) as { readonly [K in keyof typeof BASE]: number }
export const E2E_URLS = {
  demo: `http://127.0.0.1:${E2E_PORTS.demo}`,
  chainA: `http://127.0.0.1:${E2E_PORTS.chainA}`,
  chainB: `http://127.0.0.1:${E2E_PORTS.chainB}`,
  dataApi: `http://127.0.0.1:${E2E_PORTS.dataApi}`,
  catalogue: `http://127.0.0.1:${E2E_PORTS.catalogue}`,
  relay: `ws://127.0.0.1:${E2E_PORTS.relay}`,
  frame: `http://127.0.0.1:${E2E_PORTS.frame}`,
  phoneWallet: `http://127.0.0.1:${E2E_PORTS.phoneWallet}`,
  solana: `http://127.0.0.1:${E2E_PORTS.solana}`,
} as const

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

/** The folder (under demo/) the e2e build of the demo goes to: apart per port offset, so two runs never empty each other's. */
export const E2E_DEMO_OUT = OFFSET ? `dist-e2e-${E2E_PORTS.demo}` : 'dist-e2e'
