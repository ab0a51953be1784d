import { MESSAGES, balanceQuerySchema, balanceResponseSchema, evmAddressSchema, type TokenBalance } from '@portico/shared-types'
import { Hono } from 'hono'
import { erc20Abi, formatUnits, getAddress, type Address } from 'viem'
import { currencySchema, priceChange24hOf, priceOf, type Currency } from '../prices.ts'
import { findChain, type DataApiChain, type DataApiContext } from './context.ts'
import { describeQueryIssue, errorResponse } from '../http/errors.ts'
import { iconUrl } from './icons.ts'
import { solanaBalanceAnswer } from './solana-balance.ts'

/** value = numeric × price, without float noise such as 2250.4500000000003. */
function roundValue(value: number): number {
  return Number(value.toFixed(8))
}

function entry(chain: DataApiChain, asset: { name: string; symbol: string; decimals: number; address?: Address }, raw: bigint, currency: Currency, publicUrl: string): TokenBalance {
  const numeric = formatUnits(raw, asset.decimals)
  const price = priceOf(asset.symbol, currency)
  const change = priceChange24hOf(asset.symbol)
  return {
    name: asset.name,
    symbol: asset.symbol,
    chainId: chain.chain.caipNetworkId,
    ...(asset.address ? { address: `${chain.chain.caipNetworkId}:${asset.address}` as const } : {}),
    value: roundValue(Number(numeric) * price),
    price,
    ...(change === undefined ? {} : { priceChange24h: change }),
    quantity: { decimals: String(asset.decimals), numeric },
    iconUrl: iconUrl(publicUrl, asset.symbol),
  }
}

/** Reads the balances of `owner` on `chain` from the node, every call (no cache). */
async function readBalances(chain: DataApiChain, owner: Address, currency: Currency, publicUrl: string): Promise<TokenBalance[]> {
  const [native, ...tokens] = await Promise.all([
    chain.client.getBalance({ address: owner }),
    ...chain.tokens.map((t) => chain.client.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })),
  ])
  const balances = [entry(chain, chain.chain.nativeCurrency, native ?? 0n, currency, publicUrl)]
  chain.tokens.forEach((token, i) => {
    const raw = tokens[i] ?? 0n
    // Like the hosted API: ERC-20s the account does not hold are left out; the native entry always stays.
    if (raw > 0n) balances.push(entry(chain, token, raw, currency, publicUrl))
  })
  return balances
}

/** GET /v1/account/{address}/balance?currency&chainId&forceUpdate (SPEC.md §7). */
export function balanceRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/account/:address/balance', async (c) => {
    if (c.req.query('chainId')?.startsWith('solana:')) return solanaBalanceAnswer(c, ctx)
    const address = evmAddressSchema.safeParse(c.req.param('address'))
    if (!address.success) return errorResponse(c, 400, 'Invalid address')
    const query = balanceQuerySchema.safeParse(c.req.query())
    if (!query.success) return errorResponse(c, 400, describeQueryIssue(query.error))
    const currency = currencySchema.safeParse(query.data.currency)
    if (!currency.success) return errorResponse(c, 400, `Unsupported currency: ${query.data.currency}`)
    const chain = findChain(ctx, query.data.chainId)
    if (!chain) return errorResponse(c, 400, MESSAGES.unsupportedChain)

    const balances = await readBalances(chain, getAddress(address.data), currency.data, ctx.publicUrl)
    return c.json(balanceResponseSchema.parse({ balances }))
  })
  return app
}
