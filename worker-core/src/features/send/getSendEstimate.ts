import { getSendEstimateQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { erc20Abi, formatUnits, type Address, type GetBalanceErrorType, type GetGasPriceErrorType, type ReadContractErrorType } from 'viem'
import type { RpcClient } from '../../infra/rpc.ts'
import { SEND_ESTIMATE_CACHE_MS } from '@portico/shared-types/constants'
import { parseCaipAddress, UnsupportedChainError, type SchemaValidationError, type TokenBalance } from '@portico/shared-types'
import type { GetSendEstimateParameters, SendEstimate } from '@portico/shared-types/write'
import type { CoreEnv } from '../../infra/context.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

/** Typical gas of a native transfer and of an ERC-20 `transfer`, before receiver and amount are known. */
export const NATIVE_TRANSFER_GAS = 21_000n
export const TOKEN_TRANSFER_GAS = 65_000n

export type GetSendEstimateDeps = {
  client: RpcClient
  /** The account's portfolio as the core holds it, for the native token's USD price. */
  balances: readonly TokenBalance[] | null
  /** For a smart account: whether a paymaster pays its gas (then there is no fee to show or keep back). */
  sponsored?: (() => Promise<boolean>) | undefined
}

/** What the estimate throws: the chain's answers (gas price, balance, token balance) and a CAIP-10 address that is not one; its query options add a chain without an RPC client. */
export type GetSendEstimateErrorType = GetGasPriceErrorType | GetBalanceErrorType | ReadContractErrorType | SchemaValidationError | UnsupportedChainError

/**
 * The Send view's figures (SPEC.md §3 send state): gas price from the chain, the fee of a transfer in
 * the native token and USD, the network balance in USD, and the Max that leaves room for the fee when
 * sending the native token.
 *
 * @example
 * const { fee, max } = await getSendEstimate({ client, balances }, { caipAddress, token: null })
 */
export async function getSendEstimate({ client, balances, sponsored }: GetSendEstimateDeps, { caipAddress, token }: GetSendEstimateParameters): Promise<SendEstimate> {
  const { address, caipNetworkId } = parseCaipAddress(caipAddress)
  const from = address as Address
  const tokenAddress = token?.address as Address | undefined
  const [gasPrice, nativeBalance, tokenBalance, isSponsored] = await Promise.all([
    client.getGasPrice(),
    client.getBalance({ address: from }),
    tokenAddress ? client.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [from] }) : null,
    sponsored ? sponsored() : false,
  ])
  const gas = tokenAddress ? TOKEN_TRANSFER_GAS : NATIVE_TRANSFER_GAS
  // A sponsored smart account pays no gas: nothing to show as a fee, nothing kept back from Max.
  const fee = isSponsored ? 0n : gas * gasPrice
  const native = client.chain?.nativeCurrency ?? { symbol: 'ETH', decimals: 18 }
  const nativePrice = balances?.find((b) => b.chainId === caipNetworkId && b.address === undefined)?.price ?? null
  const toUsd = (wei: bigint) => (nativePrice === null ? null : Number(formatUnits(wei, native.decimals)) * nativePrice)
  const max = tokenAddress ? (tokenBalance ?? 0n) : nativeBalance > fee ? nativeBalance - fee : 0n
  return {
    caipNetworkId,
    gasPrice: gasPrice.toString(),
    gas: gas.toString(),
    fee: formatUnits(fee, native.decimals),
    feeUsd: toUsd(fee),
    nativeSymbol: native.symbol,
    nativeBalance: formatUnits(nativeBalance, native.decimals),
    networkBalanceUsd: toUsd(nativeBalance),
    max: formatUnits(max, token?.decimals ?? native.decimals),
    ...(isSponsored ? { sponsored: true } : {}),
  }
}

/**
 * The core's read of the Send view's figures: fresh for 10 s (the gas price moves), memory only, one
 * request for every tab asking. `balances` is the portfolio the core holds, for the USD prices.
 */
export function getSendEstimateQueryOptions(env: CoreEnv, params: GetSendEstimateParameters, balances: readonly TokenBalance[] | null, smartAccount = false): QueryOptions<SendEstimate> {
  const { caipNetworkId } = parseCaipAddress(params.caipAddress)
  const solana = env.rpc.solana(caipNetworkId)
  if (solana) {
    // SOL's price from the portfolio; the Solana code (transaction compiling for the fee) loads now.
    const nativePrice = balances?.find((b) => b.chainId === caipNetworkId && b.symbol === 'SOL')?.price ?? null
    return {
      key: hashQueryKey(getSendEstimateQueryKey({ caipAddress: params.caipAddress, tokenAddress: params.token?.address, receiver: params.token?.address ? params.receiver : undefined })),
      ttlMs: SEND_ESTIMATE_CACHE_MS,
      fetch: async () => (await import('../writes/solanaSend.ts')).getSolanaSendEstimate(solana, params, nativePrice),
    }
  }
  const client = env.rpc.client(caipNetworkId)
  if (!client) throw new UnsupportedChainError()
  return {
    key: hashQueryKey(getSendEstimateQueryKey({ caipAddress: params.caipAddress, tokenAddress: params.token?.address })),
    ttlMs: SEND_ESTIMATE_CACHE_MS,
    fetch: () => getSendEstimate({ client, balances, ...(smartAccount ? { sponsored: async () => (await import('./sponsorship.ts')).isGasSponsored(env, params.caipAddress) } : {}) }, params),
  }
}
