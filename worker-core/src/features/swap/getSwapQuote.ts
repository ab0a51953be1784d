import { getSwapQuoteQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { formatUnits, parseUnits, type ParseUnitsErrorType } from 'viem'
import { EIP155_NATIVE_TOKEN_ADDRESS, SWAP_QUOTE_CACHE_MS, SWAP_SLIPPAGE_TOLERANCE } from '@portico/shared-types/constants'
import {
  gasPriceResponseSchema,
  MESSAGES,
  PorticoError,
  parseCaipAddress,
  swapQuotesResponseSchema,
  type CaipAddress,
  type CaipNetworkId,
  type FungiblePrice,
  type SchemaValidationError,
} from '@portico/shared-types'
import { WriteFailure, type GetSwapQuoteParameters, type SwapQuote } from '@portico/shared-types/write'
import type { CoreEnv } from '../../infra/context.ts'
import type { HttpClientErrorType } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'
import { assertSwapChain } from './getSwapTokens.ts'

/** The gas a swap takes, for the fee before the transaction is built (the convert API's figure for the AMM). */
export const SWAP_GAS = 250_000n

/** `amount` less `percent` %, in whole smallest units. */
export function lessSlippage(amount: bigint, percent = SWAP_SLIPPAGE_TOLERANCE): bigint {
  return (amount * BigInt(Math.round((100 - percent) * 100))) / 10_000n
}

/**
 * The network's gas price for swaps (GET /v1/convert/gas-price?chainId=); 'Network not supported for
 * Gas Price' on a chain without swaps.
 */
export async function getSwapGasPrice(env: CoreEnv, caipNetworkId: CaipNetworkId): Promise<bigint> {
  try {
    assertSwapChain(env, caipNetworkId)
  } catch (error) {
    throw new PorticoError(MESSAGES.gasPriceUnsupported, { cause: error })
  }
  const { standard } = await env.api.get('v1/convert/gas-price', { query: { chainId: caipNetworkId }, schema: gasPriceResponseSchema, what: 'gas price' })
  return BigInt(standard)
}

export type GetSwapQuoteDeps = {
  env: CoreEnv
  /** USD prices of CAIP-10 token addresses (the price API, cached 30 s). */
  prices(addresses: readonly CaipAddress[]): Promise<readonly FungiblePrice[]>
}

/**
 * What a quote throws: the HTTP layer's errors (gas price, quotes), 'Network not supported for Swaps'
 * or '… for Gas Price' (a `PorticoError`) on another chain, `WriteFailure` NO_ROUTE when no route is
 * answered, an amount viem cannot read, and a CAIP-10 address that is not one.
 */
export type GetSwapQuoteErrorType = HttpClientErrorType | PorticoError | WriteFailure | ParseUnitsErrorType | SchemaValidationError

/**
 * A quote for swapping `amount` of `from` into `to` (GET /v1/convert/quotes), with the rate, the price
 * impact against market prices, the network fee in USD and the minimum received after the 1 %
 * slippage tolerance (SPEC.md §9).
 */
export async function getSwapQuote({ env, prices }: GetSwapQuoteDeps, { caipAddress, from, to, amount }: GetSwapQuoteParameters): Promise<SwapQuote> {
  const { caipNetworkId } = parseCaipAddress(caipAddress)
  assertSwapChain(env, caipNetworkId)
  const fromAmount = parseUnits(amount, from.decimals)
  const gasPrice = await getSwapGasPrice(env, caipNetworkId)
  const { quotes } = await env.api.get('v1/convert/quotes', {
    query: { amount: fromAmount.toString(), userAddress: caipAddress, from: from.address, to: to.address, gasPrice: gasPrice.toString() },
    schema: swapQuotesResponseSchema,
    what: 'swap quote',
  })
  const quote = quotes[0]
  if (!quote) throw new WriteFailure('NO_ROUTE', { values: { from: from.symbol, to: to.symbol } })
  const toAmount = BigInt(quote.toAmount)
  const fromValue = Number(formatUnits(fromAmount, from.decimals))
  const toValue = Number(formatUnits(toAmount, to.decimals))
  const native: CaipAddress = `${caipNetworkId}:${EIP155_NATIVE_TOKEN_ADDRESS}`
  const known = await prices([from.address, to.address, native]).catch(() => [])
  const priceOf = (address: string) => known.find((p) => p.address?.toLowerCase() === address.toLowerCase())?.price ?? null
  const fromPrice = priceOf(from.address)
  const toPrice = priceOf(to.address)
  const nativePrice = priceOf(native)
  const priceImpact = fromPrice && toPrice && fromValue > 0 ? Math.max(0, ((fromValue * fromPrice - toValue * toPrice) / (fromValue * fromPrice)) * 100) : null
  return {
    from: from.address,
    to: to.address,
    fromAmount: fromAmount.toString(),
    toAmount: toAmount.toString(),
    minimumToAmount: lessSlippage(toAmount).toString(),
    rate: fromValue > 0 ? toValue / fromValue : 0,
    priceImpact,
    feeUsd: nativePrice === null ? null : Number(formatUnits(SWAP_GAS * gasPrice, 18)) * nativePrice,
    slippage: SWAP_SLIPPAGE_TOLERANCE,
  }
}

/** The core's read of a quote: fresh for 10 s (the Swap view asks again while it stays open), memory only. */
export function getSwapQuoteQueryOptions(deps: GetSwapQuoteDeps, params: GetSwapQuoteParameters): QueryOptions<SwapQuote> {
  return {
    key: hashQueryKey(getSwapQuoteQueryKey({ caipAddress: params.caipAddress, from: params.from.address, to: params.to.address, amount: params.amount })),
    ttlMs: SWAP_QUOTE_CACHE_MS,
    fetch: () => getSwapQuote(deps, params),
  }
}
