import { networkSchema, type Network } from '@portico/shared-types'
import { defineChain, type Chain } from 'viem'
import type { ChainDefinition, ChainKey } from '../chains.ts'
import { SANDBOX_HOST, type ResolvedChainConfig } from '../options.ts'

/** A chain as the running sandbox serves it. */
export type SandboxChain = {
  key: ChainKey
  chainId: number
  caipNetworkId: `eip155:${number}`
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrl: string
  /** True when the chain is an outside node (PORTICO_CHAIN_*_RPC), not an anvil the sandbox spawned. */
  external: boolean
  explorerUrl: string
  /** The chain in Portico's Network shape (shared-types), ready for the dapp's config. */
  network: Network
  /** The chain for viem clients. */
  viemChain: Chain
}

export function buildSandboxChain(def: ChainDefinition, config: ResolvedChainConfig, dataApiUrl: string): SandboxChain {
  const rpcUrl = config.externalRpcUrl ?? `http://${SANDBOX_HOST}:${config.port}`
  const explorerUrl = config.explorerUrl ?? `${dataApiUrl}/explorer/${def.chainId}`
  const caipNetworkId = `eip155:${def.chainId}` as const
  const network = networkSchema.parse({
    id: def.chainId,
    caipNetworkId,
    chainNamespace: 'eip155',
    name: def.name,
    nativeCurrency: def.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: def.explorerName, url: explorerUrl } },
    testnet: true,
  })
  const viemChain = defineChain({
    id: def.chainId,
    name: def.name,
    nativeCurrency: def.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: { default: { name: def.explorerName, url: explorerUrl } },
    testnet: true,
  })
  return {
    key: def.key,
    chainId: def.chainId,
    caipNetworkId,
    name: def.name,
    nativeCurrency: def.nativeCurrency,
    rpcUrl,
    external: config.externalRpcUrl !== undefined,
    explorerUrl,
    network,
    viemChain,
  }
}
