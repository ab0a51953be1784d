import { buildApproveResponseSchema, buildTransactionRequestSchema, buildTransactionResponseSchema, type BuiltTransaction } from '@portico/shared-types'
import { Hono } from 'hono'
import { BaseError, ContractFunctionRevertedError, encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { isNative } from '../amm/swap-assets.ts'
import { minimumOut } from '../amm/swap-math.ts'
import { ammAbi, tokenAbi } from '../contracts/abis.ts'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { resolveSwapAsset, resolveUser, type ResolvedAsset } from './convert-assets.ts'
import { quoteSwap } from './convert-quote.ts'
import type { DataApiChain, DataApiContext } from './context.ts'

/** Gas limits answered when estimation is off (disableEstimate) or cannot run; quotes use the swap's. */
export const FIXED_GAS = { approve: 80_000n, swap: 250_000n } as const

function revertReason(err: unknown): string {
  if (err instanceof BaseError) {
    const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError)
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.shortMessage
    return err.shortMessage
  }
  return err instanceof Error ? err.message : String(err)
}

async function estimate(chain: DataApiChain, tx: { account: Address; to: Address; data: Hex; value: bigint }, fallback: bigint, enabled: boolean): Promise<bigint | string> {
  if (!enabled) return fallback
  try {
    const gas = await chain.client.estimateGas(tx)
    return (gas * 12n) / 10n
  } catch (err) {
    return `Transaction would fail: ${revertReason(err)}`
  }
}

function built(chain: DataApiChain, user: Address, to: Address, data: Hex, value: bigint, gas: bigint, gasPrice: bigint): BuiltTransaction {
  const caip = chain.chain.caipNetworkId
  return { from: `${caip}:${user}`, to: `${caip}:${to}`, data, value: value.toString(), eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } }
}

async function balanceOf(from: ResolvedAsset, user: Address): Promise<bigint> {
  if (isNative(from.asset.address)) return from.chain.client.getBalance({ address: user })
  return from.chain.client.readContract({ address: from.asset.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] })
}

/**
 * GET /v1/convert/build-approve and POST /v1/convert/build-transaction: calldata the wallet sends as
 * is. The approval lets PorticoAmm spend the token; the swap calls PorticoAmm.swap with the quote
 * less the slippage tolerance (percent), paying the native coin as value when it is the input.
 */
export function convertBuildRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()

  app.get('/convert/build-approve', async (c) => {
    const from = resolveSwapAsset(ctx, c.req.query('from'), 'from')
    if (typeof from === 'string') return errorResponse(c, 400, from)
    const toParam = c.req.query('to')
    if (toParam) {
      const to = resolveSwapAsset(ctx, toParam, 'to')
      if (typeof to === 'string') return errorResponse(c, 400, to)
    }
    const resolvedUser = resolveUser(c.req.query('userAddress'), from.chain)
    if (typeof resolvedUser === 'string') return errorResponse(c, 400, resolvedUser)
    const user = resolvedUser.address
    if (isNative(from.asset.address)) return errorResponse(c, 400, `${from.asset.symbol} is the native coin and needs no approval`)
    const amountParam = c.req.query('amount')
    if (amountParam !== undefined && !/^\d+$/.test(amountParam)) return errorResponse(c, 400, 'amount: Expected a whole number of the smallest unit')
    const amount = amountParam === undefined ? maxUint256 : BigInt(amountParam)
    const data = encodeFunctionData({ abi: tokenAbi, functionName: 'approve', args: [from.chain.deployment.amm, amount] })
    const gas = await estimate(from.chain, { account: user, to: from.asset.address, data, value: 0n }, FIXED_GAS.approve, true)
    if (typeof gas === 'string') return errorResponse(c, 400, gas)
    const gasPrice = await from.chain.client.getGasPrice()
    return c.json(buildApproveResponseSchema.parse({ tx: built(from.chain, user, from.asset.address, data, 0n, gas, gasPrice) }))
  })

  app.post('/convert/build-transaction', async (c) => {
    const body = await parseJsonBody(c, buildTransactionRequestSchema)
    if (!body.ok) return body.response
    const from = resolveSwapAsset(ctx, body.data.from, 'from')
    if (typeof from === 'string') return errorResponse(c, 400, from)
    const to = resolveSwapAsset(ctx, body.data.to, 'to')
    if (typeof to === 'string') return errorResponse(c, 400, to)
    const resolvedUser = resolveUser(body.data.userAddress, from.chain)
    if (typeof resolvedUser === 'string') return errorResponse(c, 400, resolvedUser)
    const user = resolvedUser.address
    const slippage = Number(body.data.eip155.slippage)
    if (!Number.isFinite(slippage) || slippage < 0 || slippage >= 50) return errorResponse(c, 400, 'eip155.slippage: Expected a percentage from 0 to 50')
    const quote = await quoteSwap(from, to, body.data.amount)
    if (typeof quote === 'string') return errorResponse(c, 400, quote)

    if ((await balanceOf(from, user)) < quote.amountIn) return errorResponse(c, 400, `Insufficient ${from.asset.symbol} balance`)
    // Without estimation (disableEstimate: a swap batched after its approval, EIP-5792) the allowance is the batch's to give.
    if (!isNative(from.asset.address) && body.data.disableEstimate !== true) {
      const allowance = await from.chain.client.readContract({ address: from.asset.address, abi: tokenAbi, functionName: 'allowance', args: [user, from.chain.deployment.amm] })
      if (allowance < quote.amountIn) return errorResponse(c, 400, `Insufficient ${from.asset.symbol} allowance: approve first (GET /v1/convert/build-approve)`)
    }
    const minOut = minimumOut(quote.amountOut, slippage)
    const data = encodeFunctionData({ abi: ammAbi, functionName: 'swap', args: [from.asset.address, to.asset.address, quote.amountIn, minOut, user] })
    const value = isNative(from.asset.address) ? quote.amountIn : 0n
    const gas = await estimate(from.chain, { account: user, to: from.chain.deployment.amm, data, value }, FIXED_GAS.swap, body.data.disableEstimate !== true)
    if (typeof gas === 'string') return errorResponse(c, 400, gas)
    const gasPrice = await from.chain.client.getGasPrice()
    return c.json(buildTransactionResponseSchema.parse({ tx: built(from.chain, user, from.chain.deployment.amm, data, value, gas, gasPrice) }))
  })
  return app
}
