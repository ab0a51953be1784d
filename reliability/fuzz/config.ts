/**
 * The dapp's configuration, fuzzed through the page's own reader (`parseConfig`, then the core's
 * configuration and sign-in options as the session derives them).
 */
import { coreConfigSchema, coreOptionsSchema, parseWith, porticoConfigSchema, siwxOptions } from '@portico/shared-types'
import { parseConfig } from '../../main-thread/src/client/session/config.ts'
import { boundaryInputs, fuzz, validSamples } from './harness.ts'

const ROW = 'Fuzz: configuration'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Portico Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: 'http://127.0.0.1:8787/explorer/31337' } },
  testnet: true,
}
const CONFIG = {
  projectId: 'portico-demo',
  networks: [network],
  defaultNetwork: 'eip155:31337',
  metadata: { name: 'Demo', description: 'A dapp', url: 'http://127.0.0.1:5173', icons: ['http://127.0.0.1:5173/icon.svg'] },
  apiUrl: 'http://127.0.0.1:8787',
  catalogueUrl: 'http://127.0.0.1:8788',
  rpcMap: { 'eip155:31337': 'http://127.0.0.1:8545' },
  themeMode: 'dark',
  themeVariables: { '--portico-accent': '#0f9d58', '--portico-z-index': 999 },
  features: { swaps: true, onramp: true, socials: ['google', 'x'], connectMethodsOrder: ['email', 'social', 'wallet'] },
  locale: 'de',
  customWallets: [{ id: 'mine', name: 'Mine', rdns: 'org.example.mine', image_url: 'http://127.0.0.1:5173/mine.svg', mobile_link: 'mine://' }],
  featuredWalletIds: ['sandbox-wallet'],
  walletConnect: { relayUrl: 'ws://127.0.0.1:8789' },
  siwx: { required: true, statement: 'Sign in', expiresInMs: 3_600_000 },
  embeddedWalletUrl: 'http://127.0.0.1:8790',
  serviceWorker: false,
}

export async function run() {
  validSamples(ROW, 'PorticoProvider config', [CONFIG], (c) => porticoConfigSchema.safeParse(c).success)
  await fuzz({
    row: ROW,
    boundary: 'PorticoProvider config (parseConfig, core config, sign-in options)',
    inputs: boundaryInputs([CONFIG, { ...CONFIG, siwx: undefined, siweConfig: { required: false } }]),
    exercise: (input) => {
      const config = parseConfig(input as Parameters<typeof parseConfig>[0])
      const siwx = siwxOptions(config)
      parseWith(coreOptionsSchema, { ...config.core, featuredWalletIds: config.featuredWalletIds }, 'core options')
      return { siwx, core: parseWith(coreConfigSchema, config, 'core config') }
    },
  })
}
