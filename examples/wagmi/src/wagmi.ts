import { createClient } from '@portico/react'
import { porticoConnector, syncConnections } from '@portico/wagmi'
import { defineChain } from 'viem'
import { createConfig, http } from 'wagmi'
import { chainA, chainB, config } from './config.ts'

/** One Portico client, shared by `<PorticoProvider client={portico}>` and the wagmi connector. */
export const portico = createClient({ config })

const local = defineChain({ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chainA] } } })
const localB = defineChain({ id: 31338, name: 'Portico Local B', nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 }, rpcUrls: { default: { http: [chainB] } } })

export const wagmiConfig = createConfig({
  chains: [local, localB],
  connectors: [porticoConnector({ client: portico })],
  transports: { [local.id]: http(), [localB.id]: http() },
})

/** Every EVM wallet connected in Portico is a wagmi connection (`useConnections`, `useSwitchConnection`). */
syncConnections(wagmiConfig, { client: portico })

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
