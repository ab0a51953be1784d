import type { CollectionKey } from '../contracts/collections.ts'
import type { PoolAsset } from '../contracts/pools.ts'
import type { TokenKey } from '../contracts/tokens.ts'

/** A dev account by index (0..9). */
export type Actor = number

/** One thing the seed does on a chain. Amounts are decimal strings in whole units of the asset. */
export type SeedAction =
  | { kind: 'native'; from: Actor; to: Actor; amount: string }
  | { kind: 'token'; token: TokenKey; from: Actor; to: Actor; amount: string }
  /** The deployer mints `amount` of a token to `to` (stock for the treasury, liquidity). */
  | { kind: 'token-mint'; token: TokenKey; to: Actor; amount: string }
  /** The deployer mints the next ids of a collection, one to each of `to`. */
  | { kind: 'nft-mint'; collection: CollectionKey; to: Actor[] }
  | { kind: 'nft-transfer'; collection: CollectionKey; from: Actor; to: Actor; tokenId: number }
  /** `from` approves the AMM to spend `amount` (or all) of a token. */
  | { kind: 'approve'; token: TokenKey; from: Actor; amount: string | 'max' }
  | { kind: 'swap'; from: Actor; tokenIn: PoolAsset; tokenOut: PoolAsset; amountIn: string }
  /** The deployer seeds the AMM pools of the chain (mints itself the tokens, approves, adds). */
  | { kind: 'liquidity' }
  /** The registrar registers `name` to `owner` (names chain only). */
  | { kind: 'name'; owner: Actor; name: string }

/** The actions mined together in one block, dated `daysAgo` days before the seed's anchor time. */
export type SeedStep = { daysAgo: number; secondOfDay: number; actions: SeedAction[] }
