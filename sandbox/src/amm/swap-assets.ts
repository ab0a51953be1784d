import { getAddress, type Address } from 'viem'
import type { SandboxChain } from '../chain/sandbox-chain.ts'
import type { ChainDeployment } from '../contracts/deploy.ts'
import { NATIVE_TOKEN_ADDRESS, POOL_DEFINITIONS, type PoolAsset } from '../contracts/pools.ts'

export type SwapAsset = { key: PoolAsset; address: Address; name: string; symbol: string; decimals: number }

/** The assets of a chain that some AMM pool trades, native coin first. */
export function swapAssets(chain: SandboxChain, deployment: ChainDeployment): SwapAsset[] {
  const keys = new Set<PoolAsset>()
  for (const pool of POOL_DEFINITIONS) {
    keys.add(pool.a)
    keys.add(pool.b)
  }
  const assets: SwapAsset[] = []
  for (const key of keys) {
    if (key === 'NATIVE') {
      assets.unshift({ key, address: NATIVE_TOKEN_ADDRESS, ...chain.nativeCurrency })
      continue
    }
    const token = deployment.tokens[key]
    if (token) assets.push({ key, address: token.address, name: token.name, symbol: token.symbol, decimals: token.decimals })
  }
  return assets
}

/** The swap asset at `address` (case-insensitive), if the chain trades it. */
export function findSwapAsset(assets: readonly SwapAsset[], address: string): SwapAsset | undefined {
  const wanted = address.toLowerCase()
  return assets.find((a) => a.address.toLowerCase() === wanted)
}

/** Whether a pool trades `a` against `b`. */
export function hasPool(a: PoolAsset, b: PoolAsset): boolean {
  return POOL_DEFINITIONS.some((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a))
}

export function isNative(address: string): boolean {
  return getAddress(address) === NATIVE_TOKEN_ADDRESS
}
