import type { Network, PorticoConfigInput } from '@portico/react'

// The sandbox of `npm start` by default; NEXT_PUBLIC_PORTICO_* at build time point elsewhere (a hosted
// API, other chains). The configuration is read on the server too, so it does not touch `window`.
const chainA = process.env.NEXT_PUBLIC_PORTICO_CHAIN_A_RPC ?? 'http://127.0.0.1:8545'
const chainB = process.env.NEXT_PUBLIC_PORTICO_CHAIN_B_RPC ?? 'http://127.0.0.1:8546'
const apiUrl = process.env.NEXT_PUBLIC_PORTICO_API_URL ?? 'http://127.0.0.1:8787'

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
  projectId: 'my-project',
  networks,
  metadata: { name: 'My dapp', url: process.env.NEXT_PUBLIC_PORTICO_SITE_URL ?? 'http://127.0.0.1:3000' },
  apiUrl,
  catalogueUrl: process.env.NEXT_PUBLIC_PORTICO_CATALOGUE_URL ?? 'http://127.0.0.1:8788',
  walletConnect: { relayUrl: process.env.NEXT_PUBLIC_PORTICO_RELAY_URL ?? 'ws://127.0.0.1:8789' },
  themeMode: 'dark',
}
