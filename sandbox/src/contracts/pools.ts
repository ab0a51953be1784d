import type { ChainKey } from '../chains.ts'
import type { TokenKey } from './tokens.ts'

/** A side of a pool: the chain's native coin or one of the sandbox tokens that move (not FRZ). */
export type PoolAsset = 'NATIVE' | Exclude<TokenKey, 'FRZ'>

/** The conventional address of the native coin in swap APIs and in PorticoAmm. */
export const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' as const

/**
 * The AMM pools seeded per chain, with the liquidity the deployer adds (whole units). The ratios
 * follow the price table (ETH 3000, BEE 2, USDC 1, PTK 0.25 USD), so quotes start near the prices.
 */
export type PoolDefinition = { a: PoolAsset; b: PoolAsset; liquidity: Record<ChainKey, readonly [string, string]> }

export const POOL_DEFINITIONS: readonly PoolDefinition[] = [
  { a: 'NATIVE', b: 'USDC', liquidity: { a: ['100', '300000'], b: ['4000', '8000'] } },
  { a: 'NATIVE', b: 'PTK', liquidity: { a: ['20', '240000'], b: ['2000', '16000'] } },
  { a: 'USDC', b: 'PTK', liquidity: { a: ['50000', '200000'], b: ['20000', '80000'] } },
]
