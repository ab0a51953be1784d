/** Fee of every pool: 0.3 %, taken from the amount in (the Uniswap V2 formula, as PorticoAmm). */
export const FEE_PER_MILLE = 3n

/** Out-amount of a constant-product pool for `amountIn`, the same integer maths as the contract. */
export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const inWithFee = amountIn * (1000n - FEE_PER_MILLE)
  return (inWithFee * reserveOut) / (reserveIn * 1000n + inWithFee)
}

/** The least acceptable out-amount for a slippage tolerance in percent (SPEC.md §9: 1). */
export function minimumOut(quoted: bigint, slippagePercent: number): bigint {
  const basisPoints = BigInt(Math.round(slippagePercent * 100))
  return (quoted * (10_000n - basisPoints)) / 10_000n
}
