import type { Network, PorticoConfigInput } from '@portico/react'

// The sandbox of `npm start` by default; VITE_PORTICO_* point elsewhere (a hosted API, other chains).
const env = import.meta.env
const chainA = env.VITE_PORTICO_CHAIN_A_RPC ?? 'http://127.0.0.1:8545'
const chainB = env.VITE_PORTICO_CHAIN_B_RPC ?? 'http://127.0.0.1:8546'
const apiUrl = env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787'

export const networks: Network[] = [
  {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Portico Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chainA] } },
    blockExplorers: { default: { name: 'Sandbox Explorer', url: `${apiUrl}/explorer/31337` } },
  },
  {
    id: 31338,
    caipNetworkId: 'eip155:31338',
    chainNamespace: 'eip155',
    name: 'Portico Local B',
    nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 },
    rpcUrls: { default: { http: [chainB] } },
    blockExplorers: { default: { name: 'Sandbox Explorer', url: `${apiUrl}/explorer/31338` } },
  },
]

export const config: PorticoConfigInput = {
  // The sandbox's frame service lets the project `portico-demo` load the embedded wallet from any loopback page.
  projectId: env.VITE_PORTICO_PROJECT_ID ?? 'portico-demo',
  networks,
  metadata: { name: 'Headless dapp', url: window.location.origin },
  apiUrl,
  catalogueUrl: env.VITE_PORTICO_CATALOGUE_URL ?? 'http://127.0.0.1:8788',
  walletConnect: { relayUrl: env.VITE_PORTICO_RELAY_URL ?? 'ws://127.0.0.1:8789' },
  // Email and social login: the embedded wallet's frame service.
  embeddedWalletUrl: env.VITE_PORTICO_FRAME_URL ?? 'http://127.0.0.1:8790',
}
