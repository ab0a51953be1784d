import { readFileSync } from 'node:fs'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { errorResponse } from '../http/errors.ts'
import { caipNetworkIdOf } from '../onramp/catalogue.ts'
import { limitsOf } from '../onramp/quote.ts'
import { OnrampOrderError, type OnrampOrder } from '../onramp/orders.ts'
import { escapeXml as escapeHtml } from '../svg/svg.ts'
import type { DataApiContext } from './context.ts'

const ASSETS = {
  'checkout.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('../../assets/onramp/checkout.css', import.meta.url), 'utf8') },
  'checkout.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('../../assets/onramp/checkout.js', import.meta.url), 'utf8') },
} as const

/** The checkout runs no inline script or style: everything comes from this server. */
const PAGE_CSP = "default-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'"

const confirmSchema = z.object({
  amount: z.coerce.number().positive('Enter an amount'),
  method: z.enum(['card', 'ach_bank_account']).default('card'),
})

function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

function page(order: OnrampOrder, explorerUrl: string, error?: string): string {
  const { item } = order
  const limits = limitsOf('card')
  const rows: Array<[string, string]> = [
    ['Buy', `${item.symbol} (${item.name})`],
    ['Network', item.network.displayName],
    ['To', order.address],
  ]
  if (order.price) rows.push(['You receive', `${order.price.crypto} ${item.symbol}`])
  const details = rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('')
  const form =
    order.status === 'pending' || order.status === 'failed'
      ? [
          `<form method="post" action="/onramp/checkout/${escapeHtml(order.id)}/confirm" data-checkout>`,
          `<label for="amount">Amount (${order.currency})</label>`,
          `<input id="amount" name="amount" type="number" inputmode="decimal" min="${limits.min}" max="25000" step="0.01" value="${order.fiat.toFixed(2)}" required>`,
          '<label for="method">Payment method</label>',
          '<select id="method" name="method"><option value="card">Card (2% fee, up to 7500.00)</option><option value="ach_bank_account">Bank account (1% fee, up to 25000.00)</option></select>',
          '<button type="submit">Confirm</button>',
          '</form>',
        ].join('')
      : ''
  const status =
    order.status === 'completed' && order.hash
      ? `<p class="done" role="status">Payment complete: ${escapeHtml(order.price?.crypto ?? '')} ${escapeHtml(item.symbol)} sent to ${escapeHtml(short(order.address))}.</p><p>Transaction ${
          explorerUrl
            ? `<a href="${escapeHtml(explorerUrl)}/tx/${escapeHtml(order.hash)}"><code data-testid="onramp-tx-hash">${escapeHtml(order.hash)}</code></a>`
            : `<code data-testid="onramp-tx-hash">${escapeHtml(order.hash)}</code>`
        }</p>`
      : ''
  const problem = error ?? (order.status === 'failed' ? order.error : undefined)
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Portico Onramp checkout</title><link rel="stylesheet" href="/onramp/assets/checkout.css"></head>',
    '<body><main class="card" aria-labelledby="title">',
    '<h1 id="title">Portico Onramp</h1><p class="notice">Sandbox provider: no payment is taken. Confirm sends the coins from the sandbox treasury.</p>',
    `<dl>${details}</dl>`,
    problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '',
    form,
    status,
    '</main><script src="/onramp/assets/checkout.js" defer></script></body></html>',
  ].join('')
}

function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json') || (c.req.header('content-type') ?? '').includes('application/json')
}

function orderJson(order: OnrampOrder) {
  return {
    id: order.id,
    status: order.status,
    address: order.address,
    asset: order.item.symbol,
    chainId: caipNetworkIdOf(order.item.network),
    fiat: order.fiat,
    currency: order.currency,
    amount: order.price?.crypto ?? null,
    hash: order.hash ?? null,
    error: order.error ?? null,
  }
}

/**
 * The onramp provider's pages: GET /onramp/checkout/{id} (HTML), POST …/{id}/confirm (form or
 * JSON: { amount, method }), GET …/{id}/status (JSON), and the page's CSS and JS.
 */
export function onrampCheckoutRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const html = (c: Context, body: string, status: 200 | 400 | 404 = 200) => c.html(body, status, { 'content-security-policy': PAGE_CSP })
  // The sandbox's Solana chain has no explorer: its signature is shown without a link.
  const explorer = (order: OnrampOrder) => ('kind' in order.item.network ? '' : order.item.network.chain.explorerUrl)

  app.get('/assets/:file', (c) => {
    const asset = ASSETS[c.req.param('file') as keyof typeof ASSETS]
    if (!asset) return errorResponse(c, 404, 'Not found')
    return c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'public, max-age=3600' })
  })

  app.get('/checkout/:id', (c) => {
    const order = ctx.onramp.get(c.req.param('id'))
    if (!order) return html(c, '<!doctype html><title>Order not found</title><h1>Order not found</h1>', 404)
    return html(c, page(order, explorer(order)))
  })

  app.get('/checkout/:id/status', (c) => {
    const order = ctx.onramp.get(c.req.param('id'))
    return order ? c.json(orderJson(order)) : errorResponse(c, 404, 'Order not found')
  })

  app.post('/checkout/:id/confirm', async (c) => {
    const json = wantsJson(c)
    const id = c.req.param('id')
    const raw: unknown = (c.req.header('content-type') ?? '').includes('application/json') ? await c.req.json().catch(() => ({})) : await c.req.parseBody()
    const order = ctx.onramp.get(id)
    if (!order) return json ? errorResponse(c, 404, 'Order not found') : html(c, '<!doctype html><title>Order not found</title><h1>Order not found</h1>', 404)
    const input = confirmSchema.safeParse(raw)
    if (!input.success) {
      const message = input.error.issues[0]?.message ?? 'Invalid amount'
      return json ? errorResponse(c, 400, message) : html(c, page(order, explorer(order), message), 400)
    }
    try {
      const done = await ctx.onramp.confirm(id, input.data.amount, input.data.method)
      if (json) return c.json(orderJson(done), done.status === 'completed' ? 200 : 502)
      return c.redirect(`/onramp/checkout/${id}`, 303)
    } catch (err) {
      if (!(err instanceof OnrampOrderError)) throw err
      return json ? errorResponse(c, 400, err.message) : html(c, page(order, explorer(order), err.message), 400)
    }
  })
  return app
}
