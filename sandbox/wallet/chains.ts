import { defineChain, numberToHex, type Chain, type Hex } from 'viem'
import { CHAIN_DEFINITIONS } from '../src/chains.ts'
import type { SandboxChain } from './types.ts'

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * The sandbox's anvil chains (DESIGN.md: 8545 / 8546 on 127.0.0.1), from the sandbox's chain table.
 * A page built with VITE_PORTICO_CHAIN_A_RPC / _B_RPC points the wallet elsewhere (the tests do).
 */
export const DEFAULT_CHAINS: readonly SandboxChain[] = CHAIN_DEFINITIONS.map((def) => ({
  id: def.chainId,
  name: def.name,
  rpcUrl: envRpcUrl(def.key) ?? `http://127.0.0.1:${def.defaultPort}`,
  nativeCurrency: def.nativeCurrency,
}))

function envRpcUrl(key: 'a' | 'b'): string | undefined {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env
  return key === 'a' ? env?.VITE_PORTICO_CHAIN_A_RPC : env?.VITE_PORTICO_CHAIN_B_RPC
}

export const DEFAULT_CHAIN_ID = 31337

export const toHexChainId = (id: number): Hex => numberToHex(id)

/** Parses '0x7a69' (or a decimal string / number) into a positive safe integer, or undefined. */
export function parseChainId(value: unknown): number | undefined {
  let id: number | undefined
  if (typeof value === 'number') id = value
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) id = Number.parseInt(value.slice(2), 16)
  else if (typeof value === 'string' && /^[0-9]+$/.test(value)) id = Number.parseInt(value, 10)
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** The viem chain object for a wallet client on this chain. */
export function toViemChain(chain: SandboxChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency ?? ETH,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
    ...(chain.blockExplorerUrl ? { blockExplorers: { default: { name: 'Explorer', url: chain.blockExplorerUrl } } } : {}),
  })
}
