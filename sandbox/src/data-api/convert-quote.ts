import { ammAbi } from '../contracts/abis.ts'
import { hasPool } from '../amm/swap-assets.ts'
import { amountOut } from '../amm/swap-math.ts'
import type { ResolvedAsset } from './convert-assets.ts'

export type SwapQuote = { amountIn: bigint; amountOut: bigint; reserveIn: bigint; reserveOut: bigint }

/** Prices `amount` (smallest units of `from`) against the pool's current reserves, or says why not. */
export async function quoteSwap(from: ResolvedAsset, to: ResolvedAsset, amount: string | undefined): Promise<SwapQuote | string> {
  if (amount === undefined || amount === '') return 'Missing required query parameter: amount'
  if (!/^\d+$/.test(amount) || BigInt(amount) === 0n) return 'amount: Expected a positive whole number of the smallest unit'
  if (from.chain !== to.chain) return 'from and to must be on the same chain'
  if (from.asset.key === to.asset.key) return 'from and to must be different tokens'
  if (!hasPool(from.asset.key, to.asset.key)) return `No pool for ${from.asset.symbol}/${to.asset.symbol} on ${from.chain.chain.name}`
  const amountIn = BigInt(amount)
  const [reserveIn, reserveOut] = await from.chain.client.readContract({
    address: from.chain.deployment.amm,
    abi: ammAbi,
    functionName: 'getReserves',
    args: [from.asset.address, to.asset.address],
  })
  const out = amountOut(amountIn, reserveIn, reserveOut)
  if (out === 0n) return 'amount: Too small to swap'
  return { amountIn, amountOut: out, reserveIn, reserveOut }
}
