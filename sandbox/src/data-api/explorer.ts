import { evmAddressSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { formatUnits } from 'viem'
import { z } from 'zod'
import type { DataApiContext } from './context.ts'

const hashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<`0x${string}`>

function escapeHtml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function page(title: string, rows: ReadonlyArray<readonly [string, string]>): string {
  const body = rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><table>${body}</table></body></html>`
}

/**
 * GET /explorer/{chainId}/tx/{hash} and /explorer/{chainId}/address/{address}: the minimal block
 * explorer the sandbox chains name as theirs, so "view on explorer" links open something real.
 */
export function explorerRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const chainOf = (id: string) => ctx.chains.find((c) => String(c.chain.chainId) === id)

  app.get('/:chainId/tx/:hash', async (c) => {
    const chain = chainOf(c.req.param('chainId'))
    const hash = hashSchema.safeParse(c.req.param('hash'))
    if (!chain || !hash.success) return c.html(page('Not found', []), 404)
    const receipt = await chain.client.getTransactionReceipt({ hash: hash.data }).catch(() => undefined)
    if (!receipt) return c.html(page(`Transaction ${hash.data} not found on ${chain.chain.name}`, []), 404)
    return c.html(
      page(`Transaction on ${chain.chain.name}`, [
        ['Hash', receipt.transactionHash],
        ['Status', receipt.status],
        ['Block', String(receipt.blockNumber)],
        ['From', receipt.from],
        ['To', receipt.to ?? `(contract ${receipt.contractAddress ?? ''})`],
        ['Gas used', String(receipt.gasUsed)],
      ]),
    )
  })

  app.get('/:chainId/address/:address', async (c) => {
    const chain = chainOf(c.req.param('chainId'))
    const address = evmAddressSchema.safeParse(c.req.param('address'))
    if (!chain || !address.success) return c.html(page('Not found', []), 404)
    const [balance, nonce] = await Promise.all([
      chain.client.getBalance({ address: address.data }),
      chain.client.getTransactionCount({ address: address.data }),
    ])
    const { decimals, symbol } = chain.chain.nativeCurrency
    return c.html(
      page(`Address on ${chain.chain.name}`, [
        ['Address', address.data],
        ['Balance', `${formatUnits(balance, decimals)} ${symbol}`],
        ['Transactions sent', String(nonce)],
      ]),
    )
  })
  return app
}
