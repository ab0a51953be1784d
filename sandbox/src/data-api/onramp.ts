import { onrampOptionsResponseSchema, onrampQuoteRequestSchema, onrampQuoteResponseSchema, onrampUrlRequestSchema, onrampUrlResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import { z } from 'zod'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { PAYMENT_CURRENCIES, findNetwork, findPurchasable, onrampOptions, type PaymentCurrency, type SolanaCatalogue } from '../onramp/catalogue.ts'
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
const onrampUrlBodySchema = z.object({ ...onrampUrlRequestSchema.shape, paymentCurrency: z.string().optional() })

export function checkoutUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/onramp/checkout/${orderId}`
}

/**
 * GET /v1/onramp/options, POST /v1/onramp/quote and POST /v1/generators/onrampurl: a provider with
 * SPEC.md §9's sample limits and fees, selling the sandbox chains' coins (and SOL and USDC on the
 * Solana Localnet when it runs, paid from its faucet); its URL opens the local checkout page, whose
 * Confirm pays the wallet from the treasury.
 */
export function onrampRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const networks = ctx.onramp.networks
  /** The Solana Localnet's part of the catalogue when the sandbox runs it (its code loads with the first onramp call then). */
  let solanaCatalogue: Promise<SolanaCatalogue> | undefined
  const solana = (): Promise<SolanaCatalogue> => {
    const rpcUrl = ctx.directory.find((s) => s.id === 'solana')?.endpoints[0]?.url
    if (!rpcUrl) return Promise.resolve(undefined)
    solanaCatalogue ??= import('../onramp/solana.ts').then(({ solanaOnrampNetwork, solanaOnrampItems }) => ({ network: solanaOnrampNetwork(rpcUrl), items: solanaOnrampItems() }))
    return solanaCatalogue
  }

  app.get('/onramp/options', async (c) => c.json(onrampOptionsResponseSchema.parse(onrampOptions(networks, await solana()))))

  app.post('/onramp/quote', async (c) => {
    const body = await parseJsonBody(c, onrampQuoteRequestSchema)
    if (!body.ok) return body.response
    const currency = paymentCurrency(body.data.paymentCurrency)
    if (!currency) return errorResponse(c, 400, `Unsupported payment currency: ${body.data.paymentCurrency}`)
    const sol = await solana()
    const network = findNetwork(networks, body.data.network, sol)
    if (!network) return errorResponse(c, 400, `Unsupported network: ${body.data.network}`)
    const item = findPurchasable(networks, body.data.purchaseCurrency, network, sol)
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
    if (!wallet) return errorResponse(c, 400, 'Invalid address')
    const sol = await solana()
    const wantedNetwork = body.data.defaultNetwork ?? wallet.blockchains?.[0]
    const network = wantedNetwork === undefined ? networks[0] : findNetwork(networks, wantedNetwork, sol)
    if (!network) return errorResponse(c, 400, `Unsupported network: ${wantedNetwork ?? ''}`)
    // A Solana purchase goes to a base58 address, an EVM one to a 0x address.
    const onSolana = 'kind' in network
    if (onSolana ? !(await import('../onramp/solana.ts')).isSolanaAddress(wallet.address) : !isAddress(wallet.address, { strict: false })) return errorResponse(c, 400, 'Invalid address')
    const wantedAsset = wallet.assets?.[0] ?? (onSolana ? 'SOL' : network.chain.nativeCurrency.symbol)
    const item = findPurchasable(networks, wantedAsset, network, sol)
    if (!item) return errorResponse(c, 400, `${wantedAsset} cannot be bought on ${network.displayName}`)
    const order = ctx.onramp.create({
      address: onSolana ? wallet.address : getAddress(wallet.address),
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
