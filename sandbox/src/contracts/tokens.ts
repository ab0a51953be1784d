import type { ChainKey } from '../chains.ts'

export type TokenKey = 'USDC' | 'PTK' | 'PTS'

/**
 * The ERC-20s the sandbox deploys, in deployment order (the order fixes their addresses: the
 * deployer's nonce 0, 1, 2). `mint` is what each funded dev account (index 0..4) receives at
 * deployment, in whole units, per chain; a chain without an entry gets no deployment of that token.
 * PTS has 0 decimals: SPEC.md §5 says clients drop such balances, so it is there to be dropped.
 */
export type TokenDefinition = {
  key: TokenKey
  contract: 'PorticoToken'
  name: string
  symbol: string
  decimals: number
  mint: Partial<Record<ChainKey, string>>
}

export const TOKEN_DEFINITIONS: readonly TokenDefinition[] = [
  { key: 'USDC', contract: 'PorticoToken', name: 'USD Coin', symbol: 'USDC', decimals: 6, mint: { a: '10000.25', b: '2500.5' } },
  { key: 'PTK', contract: 'PorticoToken', name: 'Portico Token', symbol: 'PTK', decimals: 18, mint: { a: '500', b: '42.125' } },
  { key: 'PTS', contract: 'PorticoToken', name: 'Portico Points', symbol: 'PTS', decimals: 0, mint: { a: '1200', b: '300' } },
]
