import type { ChainKey } from '../chains.ts'

export type TokenKey = 'USDC' | 'PTK' | 'PTS' | 'FRZ'

/**
 * The ERC-20s the sandbox deploys, in deployment order (the order fixes their addresses: the
 * deployer's nonce 0, 1, 2). `mint` is what each holder receives at deployment, in whole units, per
 * chain; a chain without an entry gets no deployment of that token. `holders` are dev account
 * indexes (the funded accounts 0..4 unless given).
 * PTS has 0 decimals: SPEC.md §5 says clients drop such balances, so it is there to be dropped.
 * FRZ (FrozenToken) reads like any ERC-20 but its transfers always revert, so a Send of it meets the
 * node's "execution reverted"; it is deployed after every other contract (`deployLast`), which keeps
 * the older addresses where they were.
 */
export type TokenDefinition = {
  key: TokenKey
  contract: 'PorticoToken' | 'FrozenToken'
  name: string
  symbol: string
  decimals: number
  mint: Partial<Record<ChainKey, string>>
  holders?: readonly number[]
  deployLast?: boolean
}

export const TOKEN_DEFINITIONS: readonly TokenDefinition[] = [
  { key: 'USDC', contract: 'PorticoToken', name: 'USD Coin', symbol: 'USDC', decimals: 6, mint: { a: '10000.25', b: '2500.5' } },
  { key: 'PTK', contract: 'PorticoToken', name: 'Portico Token', symbol: 'PTK', decimals: 18, mint: { a: '500', b: '42.125' } },
  { key: 'PTS', contract: 'PorticoToken', name: 'Portico Points', symbol: 'PTS', decimals: 0, mint: { a: '1200', b: '300' } },
  { key: 'FRZ', contract: 'FrozenToken', name: 'Frozen Token', symbol: 'FRZ', decimals: 18, mint: { a: '750' }, holders: [0], deployLast: true },
]
