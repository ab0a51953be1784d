import { MESSAGES, caipNetworkIdSchema, historyResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { z } from 'zod'
import { errorResponse, parseQuery } from '../http/errors.ts'
import { decodeCursor } from '../indexer/cursor.ts'
import { toTransaction, type TransactionView } from '../indexer/to-transaction.ts'
import { findChain, findChainById, type DataApiContext } from './context.ts'
import { iconUrl } from './icons.ts'
import { nftImageUrl } from './images.ts'
import { isParamError, parseAccount } from './params.ts'

export const DEFAULT_HISTORY_PAGE = 20

const historyQuerySchema = z.object({
  cursor: z.string().optional(),
  /** `coinbase` (or any non-empty value): only the onramp's deliveries to the account. */
  onramp: z.string().optional(),
  chainId: z.optional(caipNetworkIdSchema),
  limit: z.coerce.number().int().min(1).max(100).default(DEFAULT_HISTORY_PAGE),
})

function transactionView(ctx: DataApiContext): TransactionView {
  return {
    assets: ctx.assets,
    nativeCurrency: (chainId) => findChainById(ctx, chainId)?.chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    iconUrl: (symbol) => iconUrl(ctx.publicUrl, symbol),
    nftImageUrl: (chainId, token, tokenId) => nftImageUrl(ctx.publicUrl, chainId, token, tokenId),
  }
}

/**
 * GET /v1/account/{account}/history?cursor&onramp&chainId&limit: the account's transactions on the
 * sandbox chains, newest first, built from the indexer (caught up before answering). `next` is an
 * opaque cursor, null on the last page.
 */
export function historyRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/account/:account/history', async (c) => {
    const account = parseAccount(ctx, c.req.param('account'))
    if (isParamError(account)) return errorResponse(c, 400, account.error)
    const query = parseQuery(c, historyQuerySchema)
    if (!query.ok) return query.response
    const chain = query.data.chainId !== undefined ? findChain(ctx, query.data.chainId) : account.chain
    if (query.data.chainId !== undefined && !chain) return errorResponse(c, 400, MESSAGES.unsupportedChain)
    const after = query.data.cursor ? decodeCursor(query.data.cursor) : undefined
    if (query.data.cursor && !after) return errorResponse(c, 400, 'Invalid cursor')

    const chainId = chain?.chain.chainId
    await ctx.history.sync(chainId)
    const onrampOnly = query.data.onramp !== undefined && query.data.onramp !== '' && query.data.onramp !== 'false'
    const page = ctx.history.page({
      address: account.address,
      chainId,
      after,
      limit: query.data.limit,
      filter: onrampOnly ? (tx) => ctx.onramp.isOnrampTransaction(tx.hash) : undefined,
    })
    const view = transactionView(ctx)
    return c.json(historyResponseSchema.parse({ data: page.items.map((tx) => toTransaction(tx, account.address, view)), next: page.next }))
  })
  return app
}
