import { onrampOptionsResponseSchema, onrampQuoteRequestSchema, onrampQuoteResponseSchema, onrampUrlRequestSchema, onrampUrlResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { PAYMENT_CURRENCIES, findNetwork, findPurchasable, onrampOptions, type PaymentCurrency } from '../onramp/catalogue.ts'
import { limitsOf, priceOnramp, toQuote } from '../onramp/quote.ts'
import type { DataApiContext } from './context.ts'

function paymentCurrency(value: string): PaymentCurrency | undefined {
  const upper = value.trim().toUpperCase()
  return PAYMENT_CURRENCIES.find((c) => c === upper)
}

/**
 * SPEC.md §7's body, plus the fiat currency the checkout is priced in (`paymentCurrency`, as in
 * POST /v1/onramp/quote; default USD).
 */
const onrampUrlBodySchema = onrampUrlRequestSchema.extend({ paymentCurrency: z.string().optional() })

export function checkoutUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/onramp/checkout/${orderId}`
}

/**
 * GET /v1/onramp/options, POST /v1/onramp/quote and POST /v1/generators/onrampurl: a provider with
 * SPEC.md §9's sample limits and fees, selling the sandbox chains' coins; its URL opens the local
 * checkout page, whose Confirm pays the wallet from the treasury.
 */
export function onrampRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const networks = ctx.onramp.networks

  app.get('/onramp/options', (c) => c.json(onrampOptionsResponseSchema.parse(onrampOptions(networks))))

  app.post('/onramp/quote', async (c) => {
    const body = await parseJsonBody(c, onrampQuoteRequestSchema)
    if (!body.ok) return body.response
    const currency = paymentCurrency(body.data.paymentCurrency)
    if (!currency) return errorResponse(c, 400, `Unsupported payment currency: ${body.data.paymentCurrency}`)
    const network = findNetwork(networks, body.data.network)
    if (!network) return errorResponse(c, 400, `Unsupported network: ${body.data.network}`)
    const item = findPurchasable(networks, body.data.purchaseCurrency, network)
    if (!item) return errorResponse(c, 400, `${body.data.purchaseCurrency} cannot be bought on ${network.displayName}`)
    const amount = Number(body.data.amount)
    const limits = limitsOf(undefined)
    if (!/^\d+(\.\d{1,2})?$/.test(body.data.amount) || amount < limits.min || amount > limits.max) {
      return errorResponse(c, 400, `Amount must be between ${limits.min.toFixed(2)} and ${limits.max.toFixed(2)} ${currency}`)
    }
    return c.json(onrampQuoteResponseSchema.parse(toQuote(item, priceOnramp(item, amount, currency, amount > limitsOf('card').max ? 'ach_bank_account' : 'card'), currency)))
  })

  app.post('/generators/onrampurl', async (c) => {
    const body = await parseJsonBody(c, onrampUrlBodySchema)
    if (!body.ok) return body.response
    const currency = body.data.paymentCurrency === undefined ? 'USD' : paymentCurrency(body.data.paymentCurrency)
    if (!currency) return errorResponse(c, 400, `Unsupported payment currency: ${body.data.paymentCurrency}`)
    const [wallet] = body.data.destinationWallets
    if (!wallet || !isAddress(wallet.address, { strict: false })) return errorResponse(c, 400, 'Invalid address')
    const wantedNetwork = body.data.defaultNetwork ?? wallet.blockchains?.[0]
    const network = wantedNetwork === undefined ? networks[0] : findNetwork(networks, wantedNetwork)
    if (!network) return errorResponse(c, 400, `Unsupported network: ${wantedNetwork ?? ''}`)
    const wantedAsset = wallet.assets?.[0] ?? network.chain.nativeCurrency.symbol
    const item = findPurchasable(networks, wantedAsset, network)
    if (!item) return errorResponse(c, 400, `${wantedAsset} cannot be bought on ${network.displayName}`)
    const order = ctx.onramp.create({
      address: getAddress(wallet.address),
      item,
      partnerUserId: body.data.partnerUserId,
      presetFiatAmount: body.data.presetFiatAmount,
      presetCryptoAmount: body.data.presetCryptoAmount,
      currency,
    })
    return c.json(onrampUrlResponseSchema.parse({ url: checkoutUrl(ctx.publicUrl, order.id) }))
  })
  return app
}
