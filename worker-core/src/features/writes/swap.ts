import { erc20Abi, formatUnits, numberToHex, type Address } from 'viem'
import type { RpcClient } from '../../infra/rpc.ts'
import { EIP155_NATIVE_TOKEN_ADDRESS, SWAP_SLIPPAGE_TOLERANCE } from '@portico/shared-types/constants'
import { buildApproveResponseSchema, buildTransactionResponseSchema, HttpRequestError, parseCaipAddress, swapAllowanceResponseSchema, type BuiltTransaction } from '@portico/shared-types'
import type { SwapQuote, WriteIntent } from '@portico/shared-types/write'
import type { CoreEnv } from '../../infra/context.ts'
import { getSwapQuote, lessSlippage, SWAP_GAS, type GetSwapQuoteDeps } from '../swap/getSwapQuote.ts'
import { swapChainsOf } from '../balances/capabilities.ts'
import { WriteFailure } from './classifyError.ts'
import { parseSendAmount } from './send.ts'

export type SwapIntent = Extract<WriteIntent, { kind: 'swap' }>

const isNative = (caipAddress: string) => parseCaipAddress(caipAddress).address.toLowerCase() === EIP155_NATIVE_TOKEN_ADDRESS.toLowerCase()

/** A transaction the convert API built, as `eth_sendTransaction` takes it (hex quantities). */
export function builtTransactionRequest(tx: BuiltTransaction) {
  const { address: from, reference } = parseCaipAddress(tx.from)
  return {
    method: 'eth_sendTransaction',
    params: [
      {
        from,
        to: parseCaipAddress(tx.to).address,
        data: tx.data,
        value: numberToHex(BigInt(tx.value)),
        chainId: numberToHex(Number(reference)),
        ...(tx.eip155 ? { gas: numberToHex(BigInt(tx.eip155.gas)) } : {}),
      },
    ],
  }
}

/**
 * Transactions the convert API built, as one atomic EIP-5792 batch (`wallet_sendCalls`, version
 * 2.0.0, `atomicRequired`): the wallet runs all of them or none, after one approval.
 */
export function atomicBatchRequest(txs: readonly BuiltTransaction[]) {
  const [first] = txs
  if (!first) throw new WriteFailure('SOMETHING_WENT_WRONG', { details: 'An empty batch' })
  const { address: from, reference } = parseCaipAddress(first.from)
  return {
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: numberToHex(Number(reference)),
        from,
        atomicRequired: true,
        calls: txs.map((tx) => ({ to: parseCaipAddress(tx.to).address, data: tx.data, value: numberToHex(BigInt(tx.value)) })),
      },
    ],
  }
}

export type CheckedSwap = { amount: bigint; quote: SwapQuote; needsApproval: boolean }

/**
 * Checks a swap before anything reaches the wallet: a swap chain, two different tokens, a positive
 * amount within the balance and the token's decimals, a route with liquidity, a fresh quote no worse
 * than the one shown beyond the slippage tolerance, and native balance for the fee.
 */
export async function checkSwap(deps: GetSwapQuoteDeps & { client: RpcClient; smartAccount?: boolean }, intent: SwapIntent): Promise<CheckedSwap> {
  const { env, client } = deps
  const { address, caipNetworkId } = parseCaipAddress(intent.caipAddress)
  const user = address as Address
  if (!swapChainsOf(env.options).includes(caipNetworkId)) throw new WriteFailure('SWAP_UNSUPPORTED_NETWORK')
  if (intent.from.address.toLowerCase() === intent.to.address.toLowerCase()) throw new WriteFailure('SAME_TOKEN', { field: 'token' })
  const amount = parseSendAmount(intent.amount, intent.from)
  const fromToken = parseCaipAddress(intent.from.address).address as Address
  const [nativeBalance, fromBalance, gasPrice] = await Promise.all([
    client.getBalance({ address: user }),
    isNative(intent.from.address) ? null : client.readContract({ address: fromToken, abi: erc20Abi, functionName: 'balanceOf', args: [user] }),
    client.getGasPrice(),
  ])
  const balance = fromBalance ?? nativeBalance
  if (amount > balance) {
    throw new WriteFailure('AMOUNT_EXCEEDS_BALANCE', { field: 'amount', values: { symbol: intent.from.symbol, balance: formatUnits(balance, intent.from.decimals) } })
  }
  const quote = await getSwapQuote(deps, { caipAddress: intent.caipAddress, from: intent.from, to: intent.to, amount: formatUnits(amount, intent.from.decimals) }).catch((error: unknown) => {
    // The convert API answers 400 for a pair without a pool or an amount the pool cannot fill.
    if (error instanceof HttpRequestError && error.status === 400) throw new WriteFailure('NO_ROUTE', { values: { from: intent.from.symbol, to: intent.to.symbol } })
    throw error
  })
  if (intent.expectedToAmount !== undefined && BigInt(quote.toAmount) < lessSlippage(BigInt(intent.expectedToAmount))) {
    throw new WriteFailure('QUOTE_MOVED', { values: { symbol: intent.to.symbol, amount: formatUnits(BigInt(quote.toAmount), intent.to.decimals) } })
  }
  const nativeSymbol = client.chain?.nativeCurrency.symbol ?? 'ETH'
  const fee = SWAP_GAS * gasPrice
  const spentNative = isNative(intent.from.address) ? amount : 0n
  // SPEC.md §5: a smart account is exempt (a paymaster may pay its gas); it still needs the native coin it spends.
  if (spentNative + (deps.smartAccount ? 0n : fee) > nativeBalance) throw new WriteFailure('INSUFFICIENT_GAS', { values: { symbol: nativeSymbol } })
  let needsApproval = false
  if (!isNative(intent.from.address)) {
    const { allowance } = await env.api.get('v1/convert/allowance', {
      query: { tokenAddress: intent.from.address, userAddress: intent.caipAddress },
      schema: swapAllowanceResponseSchema,
      what: 'allowance',
    })
    needsApproval = BigInt(allowance) < amount
  }
  return { amount, quote, needsApproval }
}

/** The approval the convert API builds for `amount` of the token to pay (GET /v1/convert/build-approve). */
export async function buildApprove(env: CoreEnv, intent: SwapIntent, amount: bigint): Promise<BuiltTransaction> {
  const { tx } = await env.api.get('v1/convert/build-approve', {
    query: { userAddress: intent.caipAddress, from: intent.from.address, to: intent.to.address, amount: amount.toString() },
    schema: buildApproveResponseSchema,
    what: 'approval',
  })
  return tx
}

/**
 * The swap the convert API builds at the 1 % slippage tolerance (POST /v1/convert/build-transaction).
 * `afterApproval`: built to run in one batch after its approval (EIP-5792), so the API does not
 * estimate it against an allowance the batch has yet to give (`disableEstimate`).
 */
export async function buildSwap(env: CoreEnv, intent: SwapIntent, amount: bigint, { afterApproval = false }: { afterApproval?: boolean } = {}): Promise<BuiltTransaction> {
  const { tx } = await env.api.post('v1/convert/build-transaction', {
    body: {
      amount: amount.toString(),
      eip155: { slippage: SWAP_SLIPPAGE_TOLERANCE },
      from: intent.from.address,
      to: intent.to.address,
      userAddress: intent.caipAddress,
      ...(afterApproval ? { disableEstimate: true } : {}),
    },
    schema: buildTransactionResponseSchema,
    what: 'swap transaction',
  })
  return tx
}
