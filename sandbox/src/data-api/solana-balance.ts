import { MESSAGES, balanceQuerySchema, balanceResponseSchema, solanaAddressSchema, type TokenBalance } from '@portico/shared-types'
import type { Context } from 'hono'
import { z } from 'zod'
import { describeQueryIssue, errorResponse } from '../http/errors.ts'
import { currencySchema, priceChange24hOf, priceOf, type Currency } from '../prices.ts'
import { SOL, SOLANA_LOCALNET_CAIP_ID, TOKEN_PROGRAM } from '../solana/localnet.ts'
import type { DataApiContext } from './context.ts'
import { iconUrl } from './icons.ts'

/** How long the data API waits for the Solana RPC. */
const RPC_TIMEOUT_MS = 10_000

const rpcAnswerSchema = <T extends z.ZodType>(result: T) =>
  z.union([z.object({ jsonrpc: z.literal('2.0'), result }), z.object({ jsonrpc: z.literal('2.0'), error: z.object({ code: z.number(), message: z.string() }) })])
const balanceResultSchema = z.object({ value: z.number().int().nonnegative() })
const tokenAccountsResultSchema = z.object({
  value: z.array(
    z.object({
      pubkey: z.string(),
      account: z.object({
        data: z.object({
          parsed: z.object({ info: z.object({ mint: z.string(), tokenAmount: z.object({ amount: z.string().regex(/^\d+$/), decimals: z.number().int().min(0).max(255) }) }) }),
        }),
      }),
    }),
  ),
})

class SolanaReadError extends Error {
  override name = 'SolanaReadError'
}

async function call<T extends z.ZodType>(rpcUrl: string, method: string, params: unknown[], result: T): Promise<z.output<T>> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
  })
  const answer = rpcAnswerSchema(result).parse(await res.json())
  if ('error' in answer) throw new SolanaReadError(`${method}: ${answer.error.message}`)
  return (answer as { result: unknown }).result as z.output<T>
}

/** value = numeric × price, without float noise. */
function roundValue(value: number): number {
  return Number(value.toFixed(8))
}

function units(raw: bigint, decimals: number): string {
  const digits = raw.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const whole = digits.slice(0, digits.length - decimals)
  return fraction ? `${whole}.${fraction}` : whole
}

function entry(asset: { name: string; symbol: string; decimals: number; mint?: string }, raw: bigint, currency: Currency, publicUrl: string): TokenBalance {
  const numeric = units(raw, asset.decimals)
  const price = priceOf(asset.symbol, currency)
  const change = priceChange24hOf(asset.symbol)
  return {
    name: asset.name,
    symbol: asset.symbol,
    chainId: SOLANA_LOCALNET_CAIP_ID,
    ...(asset.mint ? { address: `${SOLANA_LOCALNET_CAIP_ID}:${asset.mint}` as const } : {}),
    value: roundValue(Number(numeric) * price),
    price,
    ...(change === undefined ? {} : { priceChange24h: change }),
    quantity: { decimals: String(asset.decimals), numeric },
    iconUrl: iconUrl(publicUrl, asset.symbol),
  }
}

/** The Solana RPC's URL, from the sandbox's directory of services. */
function solanaRpcUrl(ctx: DataApiContext): string | undefined {
  return ctx.directory.find((s) => s.id === 'solana')?.endpoints[0]?.url
}

/**
 * GET /v1/account/{address}/balance?chainId=solana:… (SPEC.md §7, §9: balances serve eip155 and
 * solana): SOL first, then the sandbox's SPL tokens the account holds, with prices, read from the
 * local chain's RPC every call.
 */
export async function solanaBalanceAnswer(c: Context, ctx: DataApiContext): Promise<Response> {
  const address = solanaAddressSchema.safeParse(c.req.param('address'))
  if (!address.success) return errorResponse(c, 400, 'Invalid address')
  const query = balanceQuerySchema.safeParse(c.req.query())
  if (!query.success) return errorResponse(c, 400, describeQueryIssue(query.error))
  const currency = currencySchema.safeParse(query.data.currency)
  if (!currency.success) return errorResponse(c, 400, `Unsupported currency: ${query.data.currency}`)
  const rpcUrl = solanaRpcUrl(ctx)
  if (query.data.chainId !== SOLANA_LOCALNET_CAIP_ID || !rpcUrl) return errorResponse(c, 400, MESSAGES.unsupportedChain)

  // The token list derives the mints' keys: loaded on the first Solana read only.
  const { solanaTokens } = await import('../solana/seed.ts')
  let lamports: z.output<typeof balanceResultSchema>
  let accounts: z.output<typeof tokenAccountsResultSchema>
  try {
    ;[lamports, accounts] = await Promise.all([
      call(rpcUrl, 'getBalance', [address.data, { commitment: 'confirmed' }], balanceResultSchema),
      call(rpcUrl, 'getParsedTokenAccountsByOwner', [address.data, { programId: TOKEN_PROGRAM }, { commitment: 'confirmed', encoding: 'jsonParsed' }], tokenAccountsResultSchema),
    ])
  } catch (err) {
    return errorResponse(c, 502, `The Solana chain did not answer: ${err instanceof Error ? err.message : String(err)}`)
  }
  const balances = [entry(SOL, BigInt(lamports.value), currency.data, ctx.publicUrl)]
  for (const token of solanaTokens()) {
    const raw = accounts.value.filter((a) => a.account.data.parsed.info.mint === token.mint).reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
    // Like the EVM answer: tokens the account does not hold are left out; SOL always stays.
    if (raw > 0n) balances.push(entry(token, raw, currency.data, ctx.publicUrl))
  }
  return c.json(balanceResponseSchema.parse({ balances }))
}
