import { evmAddressSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { formatUnits } from 'viem'
import { z } from 'zod'
import { escapeXml as escapeHtml } from '../svg/svg.ts'
import type { DataApiContext } from './context.ts'

const hashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/) as unknown as z.ZodType<`0x${string}`>

type Cell = string | { text: string; href: string }

function cell(value: Cell): string {
  return typeof value === 'string' ? escapeHtml(value) : `<a href="${escapeHtml(value.href)}">${escapeHtml(value.text)}</a>`
}

function page(title: string, rows: ReadonlyArray<readonly [string, Cell]>, extra = ''): string {
  const body = rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${cell(v)}</td></tr>`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><table>${body}</table>${extra}</body></html>`
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
    const [tx, block] = await Promise.all([chain.client.getTransaction({ hash: hash.data }), chain.client.getBlock({ blockNumber: receipt.blockNumber })])
    const base = chain.chain.explorerUrl
    const to = receipt.to ?? receipt.contractAddress
    return c.html(
      page(`Transaction on ${chain.chain.name}`, [
        ['Hash', receipt.transactionHash],
        ['Status', receipt.status],
        ['Block', String(receipt.blockNumber)],
        ['Time', new Date(Number(block.timestamp) * 1000).toISOString()],
        ['From', { text: receipt.from, href: `${base}/address/${receipt.from}` }],
        ['To', to ? { text: receipt.to ? to : `${to} (created)`, href: `${base}/address/${to}` } : '-'],
        ['Value', `${formatUnits(tx.value, chain.chain.nativeCurrency.decimals)} ${chain.chain.nativeCurrency.symbol}`],
        ['Gas used', String(receipt.gasUsed)],
        ['Logs', String(receipt.logs.length)],
      ]),
    )
  })

  app.get('/:chainId/address/:address', async (c) => {
    const chain = chainOf(c.req.param('chainId'))
    const address = evmAddressSchema.safeParse(c.req.param('address'))
    if (!chain || !address.success) return c.html(page('Not found', []), 404)
    const [balance, nonce] = await Promise.all([chain.client.getBalance({ address: address.data }), chain.client.getTransactionCount({ address: address.data }), ctx.history.sync(chain.chain.chainId)])
    const recent = ctx.history.page({ address: address.data, chainId: chain.chain.chainId, limit: 25 }).items
    const list = recent.map((tx) => `<li><a href="${escapeHtml(`${chain.chain.explorerUrl}/tx/${tx.hash}`)}">${escapeHtml(tx.hash)}</a> ${new Date(tx.timestamp * 1000).toISOString()}</li>`).join('')
    const { decimals, symbol } = chain.chain.nativeCurrency
    return c.html(
      page(
        `Address on ${chain.chain.name}`,
        [
          ['Address', address.data],
          ['Balance', `${formatUnits(balance, decimals)} ${symbol}`],
          ['Transactions sent', String(nonce)],
        ],
        `<h2>Latest transactions</h2><ol>${list}</ol>`,
      ),
    )
  })
  return app
}
