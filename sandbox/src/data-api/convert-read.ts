import { MESSAGES, caipNetworkIdSchema, gasPriceResponseSchema, swapAllowanceResponseSchema, swapQuotesResponseSchema, swapTokensResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { maxUint256 } from 'viem'
import { z } from 'zod'
import { isNative, swapAssets } from '../amm/swap-assets.ts'
import { tokenAbi } from '../contracts/abis.ts'
import { errorResponse, parseQuery } from '../http/errors.ts'
import { FIXED_GAS } from './convert-build.ts'
import { quoteSwap } from './convert-quote.ts'
import { resolveSwapAsset, resolveUser } from './convert-assets.ts'
import { findChain, type DataApiContext } from './context.ts'
import { iconUrl } from './icons.ts'

const chainQuerySchema = z.object({ chainId: caipNetworkIdSchema })

/** GET /v1/convert/tokens, /quotes, /allowance and /gas-price, read from the AMM and the chain. */
export function convertReadRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()

  app.get('/convert/tokens', (c) => {
    const query = parseQuery(c, chainQuerySchema)
    if (!query.ok) return query.response
    const chain = findChain(ctx, query.data.chainId)
    if (!chain) return errorResponse(c, 400, MESSAGES.unsupportedChain)
    const tokens = swapAssets(chain.chain, chain.deployment).map((a) => ({
      name: a.name,
      symbol: a.symbol,
      chainId: chain.chain.caipNetworkId,
      address: `${chain.chain.caipNetworkId}:${a.address}`,
      decimals: a.decimals,
      logoUri: iconUrl(ctx.publicUrl, a.symbol),
    }))
    return c.json(swapTokensResponseSchema.parse({ tokens }))
  })

  app.get('/convert/quotes', async (c) => {
    const from = resolveSwapAsset(ctx, c.req.query('from'), 'from')
    if (typeof from === 'string') return errorResponse(c, 400, from)
    const to = resolveSwapAsset(ctx, c.req.query('to'), 'to')
    if (typeof to === 'string') return errorResponse(c, 400, to)
    const resolvedUser = resolveUser(c.req.query('userAddress'), from.chain)
    if (typeof resolvedUser === 'string') return errorResponse(c, 400, resolvedUser)
    const user = resolvedUser.address
    const quote = await quoteSwap(from, to, c.req.query('amount'))
    if (typeof quote === 'string') return errorResponse(c, 400, quote)
    // The gas cost of the swap at the `gasPrice` asked (wei), else at the chain's: the schema's
    // fields first, then `eip155: { gas, gasPrice, gasCost }` (a client's schema may drop it).
    const askedGasPrice = c.req.query('gasPrice')
    if (askedGasPrice !== undefined && askedGasPrice !== '' && !/^\d{1,78}$/.test(askedGasPrice)) return errorResponse(c, 400, 'gasPrice: Expected a whole number of wei')
    const gasPrice = askedGasPrice ? BigInt(askedGasPrice) : await from.chain.client.getGasPrice()
    const gas = FIXED_GAS.swap
    const [parsed] = swapQuotesResponseSchema.parse({ quotes: [{ fromAmount: quote.amountIn.toString(), fromAccount: from.caip, toAmount: quote.amountOut.toString(), toAccount: to.caip }] }).quotes
    return c.json({ quotes: [{ ...parsed, eip155: { gas: gas.toString(), gasPrice: gasPrice.toString(), gasCost: (gas * gasPrice).toString() } }] })
  })

  app.get('/convert/allowance', async (c) => {
    const token = resolveSwapAsset(ctx, c.req.query('tokenAddress'), 'tokenAddress')
    if (typeof token === 'string') return errorResponse(c, 400, token)
    const resolvedUser = resolveUser(c.req.query('userAddress'), token.chain)
    if (typeof resolvedUser === 'string') return errorResponse(c, 400, resolvedUser)
    const user = resolvedUser.address
    const allowance = isNative(token.asset.address)
      ? maxUint256
      : await token.chain.client.readContract({ address: token.asset.address, abi: tokenAbi, functionName: 'allowance', args: [user, token.chain.deployment.amm] })
    return c.json(swapAllowanceResponseSchema.parse({ allowance: allowance.toString() }))
  })

  app.get('/convert/gas-price', async (c) => {
    const query = parseQuery(c, chainQuerySchema)
    if (!query.ok) return query.response
    const chain = findChain(ctx, query.data.chainId)
    if (!chain) return errorResponse(c, 400, MESSAGES.unsupportedChain)
    const standard = await chain.client.getGasPrice()
    return c.json(gasPriceResponseSchema.parse({ standard: standard.toString(), fast: ((standard * 12n) / 10n).toString(), instant: ((standard * 15n) / 10n).toString() }))
  })

  return app
}
