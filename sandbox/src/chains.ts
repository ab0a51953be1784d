/** The sandbox's EVM chains: one row per chain, everything else derives from this table. */

export type ChainKey = 'a' | 'b'

export type ChainDefinition = {
  key: ChainKey
  chainId: number
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** Port of the local anvil when no external RPC is configured. */
  defaultPort: number
  /** Prefix of the env variables: `${envPrefix}_PORT`, `${envPrefix}_RPC`, `${envPrefix}_EXPLORER`. */
  envPrefix: string
  /** Block explorer name. Its URL defaults to `{dataApiUrl}/explorer/{chainId}` (see resolve-chains.ts). */
  explorerName: string
}

export const CHAIN_DEFINITIONS: readonly ChainDefinition[] = [
  {
    key: 'a',
    chainId: 31337,
    name: 'Portico Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    defaultPort: 8545,
    envPrefix: 'PORTICO_CHAIN_A',
    explorerName: 'Portico Local Explorer',
  },
  {
    key: 'b',
    chainId: 31338,
    name: 'Portico Local B',
    nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 },
    defaultPort: 8546,
    envPrefix: 'PORTICO_CHAIN_B',
    explorerName: 'Portico Local B Explorer',
  },
]

export function chainDefinition(key: ChainKey): ChainDefinition {
  const found = CHAIN_DEFINITIONS.find((c) => c.key === key)
  if (!found) throw new Error(`Unknown sandbox chain key '${key}'`)
  return found
}
