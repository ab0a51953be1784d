import type { ResolvedOptions } from '../options.ts'
import { SOLANA_PORT_FROM_DATA_API } from '../solana/localnet.ts'
import type { SolanaChainHandle } from '../solana/server.ts'
import { httpHealth, localEndpoint, servicePort, type SandboxService } from './service.ts'

/**
 * The Solana RPC's port: `ports.solana`, else PORTICO_SOLANA_PORT, else the data API's port + 112
 * (8899, a Solana test validator's). Like the relay's, the default follows the data API's, so a
 * sandbox on other ports never meets another's chain.
 */
export function solanaPort(config: ResolvedOptions): number {
  return servicePort(config, 'solana', 'PORTICO_SOLANA_PORT', config.dataApiPort + SOLANA_PORT_FROM_DATA_API)
}

/** Its websocket: `ports.solanaWs`, else PORTICO_SOLANA_WS_PORT, else the RPC's port + 1 (8900, where web3.js looks). */
export function solanaWsPort(config: ResolvedOptions): number {
  return servicePort(config, 'solanaWs', 'PORTICO_SOLANA_WS_PORT', solanaPort(config) + 1)
}

/**
 * The local Solana chain (8899, subscriptions on 8900): LiteSVM behind a JSON-RPC server, seeded
 * with two SPL mints, funded dev accounts and a month of history. Loaded on start only, so importing
 * the sandbox does not load the Solana runtime.
 */
export const solanaService: SandboxService<SolanaChainHandle> = {
  id: 'solana',
  name: 'Solana chain',
  endpoints: (config) => [
    localEndpoint('Solana RPC', solanaPort(config), 'http', 'Solana Localnet, LiteSVM'),
    localEndpoint('Solana websocket', solanaWsPort(config), 'ws', 'signatureSubscribe, slotSubscribe'),
  ],
  async start({ config }) {
    const { startSolanaChain } = await import('../solana/server.ts')
    const chain = await startSolanaChain({ rpcPort: solanaPort(config), wsPort: solanaWsPort(config), history: config.seedHistory })
    config.log(`Solana chain up at ${chain.rpcUrl}: ${chain.seededTransactions} transactions seeded in ${chain.readyInMs} ms`)
    return chain
  },
  stop: (chain) => chain.stop(),
  health: (chain) => httpHealth(`${chain.rpcUrl}/health`),
}
