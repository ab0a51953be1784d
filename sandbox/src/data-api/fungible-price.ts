import { MESSAGES, fungiblePriceRequestSchema, fungiblePriceResponseSchema, parseCaipAddress, type FungiblePriceResponse } from '@portico/shared-types'
import { Hono } from 'hono'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { NATIVE_TOKEN_ADDRESS } from '../contracts/pools.ts'
import { currencySchema, priceOf } from '../prices.ts'
import { findChain, type DataApiContext } from './context.ts'
import { iconUrl } from './icons.ts'

type Fungible = FungiblePriceResponse['fungibles'][number]

/**
 * POST /v1/fungible/price { currency, addresses, projectId }: the price table's price of each
 * CAIP-10 token address (the native coin is 0xEeee…EEeE), in the currency asked. Addresses the
 * sandbox does not know are left out; a chain it does not serve is a 400.
 */
export function fungiblePriceRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.post('/fungible/price', async (c) => {
    const body = await parseJsonBody(c, fungiblePriceRequestSchema)
    if (!body.ok) return body.response
    const currency = currencySchema.safeParse(body.data.currency)
    if (!currency.success) return errorResponse(c, 400, `Unsupported currency: ${body.data.currency}`)
    const fungibles: Fungible[] = []
    for (const caip of body.data.addresses) {
      const { caipNetworkId, address } = parseCaipAddress(caip)
      const chain = findChain(ctx, caipNetworkId)
      if (!chain) return errorResponse(c, 400, `${MESSAGES.unsupportedChain}: ${caipNetworkId}`)
      const asset = address.toLowerCase() === NATIVE_TOKEN_ADDRESS.toLowerCase() ? chain.chain.nativeCurrency : chain.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())
      if (!asset) continue
      fungibles.push({ name: asset.name, symbol: asset.symbol, iconUrl: iconUrl(ctx.publicUrl, asset.symbol), price: priceOf(asset.symbol, currency.data), address: caip })
    }
    return c.json(fungiblePriceResponseSchema.parse({ fungibles }))
  })
  return app
}
