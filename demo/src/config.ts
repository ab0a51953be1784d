import type { Network, PorticoConfigInput, SiwxDappConfig } from '@portico/react'

const env = import.meta.env
/** The demo's project: the SIWX verifier keeps nonces and sessions per project. */
const projectId = env.VITE_PORTICO_PROJECT_ID ?? 'portico-demo'
const chainA = env.VITE_PORTICO_CHAIN_A_RPC ?? 'http://127.0.0.1:8545'
const chainB = env.VITE_PORTICO_CHAIN_B_RPC ?? 'http://127.0.0.1:8546'
/** The sandbox's blockchain-data API (also its chains' JSON-RPC, `/rpc/{chainId}`, and its admin routes). */
export const apiUrl = env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787'

export const networks: Network[] = [
  {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Portico Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chainA] } },
    blockExplorers: { default: { name: 'Sandbox Explorer', url: `${apiUrl}/explorer/31337` } },
    testnet: true,
  },
  {
    id: 31338,
    caipNetworkId: 'eip155:31338',
    chainNamespace: 'eip155',
    name: 'Portico Local B',
    nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 },
    rpcUrls: { default: { http: [chainB] } },
    blockExplorers: { default: { name: 'Sandbox Explorer', url: `${apiUrl}/explorer/31338` } },
    testnet: true,
  },
]

/**
 * `/?solana=1`: the sandbox's Solana Localnet too (LiteSVM, VITE_PORTICO_SOLANA_RPC, default
 * http://127.0.0.1:8899), as the network the demo starts on; the Sandbox Wallet's Solana side is
 * registered through Wallet Standard then. Its CAIP-2 id is the sandbox's fixed genesis hash's.
 */
export const solanaMode = new URLSearchParams(window.location.search).has('solana')
export const solanaLocalnet: Network = {
  id: 'CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4',
  caipNetworkId: 'solana:CVKvLJxd3XizetK5FTJT3EZAi4RhiiK4',
  chainNamespace: 'solana',
  name: 'Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [env.VITE_PORTICO_SOLANA_RPC ?? 'http://127.0.0.1:8899'] } },
  testnet: true,
}
if (solanaMode) networks.push(solanaLocalnet)

/**
 * The demo's feature switches can be set from the address, to try them (and for the end-to-end
 * tests): `?features=legalCheckbox,-analytics` turns legalCheckbox on and analytics off.
 */
function featuresFromAddress(): PorticoConfigInput['features'] {
  const list = new URLSearchParams(window.location.search).get('features')
  if (!list) return undefined
  return Object.fromEntries(
    list
      .split(',')
      .filter(Boolean)
      .map((name) => (name.startsWith('-') ? [name.slice(1), false] : [name, true])),
  )
}

/**
 * Sign in with the wallet: `/?siwx=required` asks every visitor to sign in (the sign view cannot be
 * closed; cancelling disconnects), `/?siwx=optional` asks once and lets the visitor cancel. The
 * sandbox's data API is the verifier (nonce, verify, session, sign-out). `/?siwx=custom` uses the
 * dapp's own SIWX configuration instead.
 */
export const siwxMode = new URLSearchParams(window.location.search).get('siwx')
function siwxFromAddress(): Pick<PorticoConfigInput, 'siwx'> {
  if (siwxMode === 'custom') return { siwx: demoSiwx() }
  if (siwxMode !== 'required' && siwxMode !== 'optional') return {}
  return { siwx: { required: siwxMode === 'required', statement: 'Sign in to the Portico demo' } }
}

/**
 * `/?siwx=custom`: the dapp's own SIWX configuration (`customSiwx.ts`: createMessage, addSession,
 * getSessions, revokeSession), required. Its code (and viem) loads when Portico first calls it.
 */
function demoSiwx(): SiwxDappConfig {
  const load = () => import('./customSiwx.ts').then(({ createDemoSiwx }) => createDemoSiwx({ apiUrl, projectId, networks, required: true }))
  return {
    createMessage: async (input) => (await load()).createMessage(input),
    addSession: async (session) => (await load()).addSession(session),
    getSessions: async (chainId, address) => (await load()).getSessions(chainId, address),
    revokeSession: async (chainId, address) => (await load()).revokeSession(chainId, address),
    getRequired: () => true,
    signOutOnDisconnect: true,
  }
}
/** Where the demo reads the signed-in state: the verifier's session endpoint. */
export const siwxSessionUrl = (address: string, chainId: number | string) =>
  `${apiUrl}/v1/siwx/session?address=${address}&chainId=${chainId}&projectId=${encodeURIComponent(projectId)}&st=demo&sv=demo`

function pairingExpiry(): { pairingExpiryMs?: number } {
  const ms = Number(new URLSearchParams(window.location.search).get('pairingExpiryMs'))
  return ms > 0 ? { pairingExpiryMs: ms } : {}
}

/**
 * The embedded wallet's frame service. `?frameHost=localhost` reaches the same loopback service as
 * `http://localhost:PORT`: browsers refuse an IP address as a passkey's relying party, and `localhost`
 * is the loopback name they accept, so passkeys can be tried on the sandbox.
 */
function embeddedWalletUrl(): string {
  const base = env.VITE_PORTICO_FRAME_URL ?? 'http://127.0.0.1:8790'
  if (new URLSearchParams(window.location.search).get('frameHost') !== 'localhost') return base
  const url = new URL(base)
  if (url.hostname === '127.0.0.1') url.hostname = 'localhost'
  return url.origin
}

/** How a dapp configures Portico: its project, networks, metadata and service URLs. */
export const porticoConfig: PorticoConfigInput = {
  projectId,
  networks,
  metadata: { name: 'Portico demo', description: 'A dapp that embeds Portico', url: window.location.origin, icons: [] },
  apiUrl,
  catalogueUrl: env.VITE_PORTICO_CATALOGUE_URL ?? 'http://127.0.0.1:8788',
  // No themeMode: the modal follows the browser's colour scheme, as the demo's page does (its Theme button sets one).
  // WalletConnect through the sandbox's relay. `?pairingExpiryMs=20000` shortens a pairing's life, to watch its URI refresh.
  walletConnect: { relayUrl: env.VITE_PORTICO_RELAY_URL ?? 'ws://127.0.0.1:8789', ...pairingExpiry() },
  // The embedded wallet (email, social, Farcaster) through the sandbox's frame service.
  embeddedWalletUrl: embeddedWalletUrl(),
  ...siwxFromAddress(),
  ...(solanaMode ? { defaultNetwork: solanaLocalnet.caipNetworkId } : {}),
  features: featuresFromAddress(),
  // Several wallets at once (Account's "Add wallet"); `?multiWallet=0` keeps one wallet per namespace.
  multiWallet: new URLSearchParams(window.location.search).get('multiWallet') !== '0',
  // The sandbox's chains have an AMM pool: offer swaps on them.
  core: { swapChains: ['eip155:31337', 'eip155:31338'] },
}
