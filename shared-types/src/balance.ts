import * as z from './zod-mini.ts'
import { caipAddressSchema, caipNetworkIdSchema } from './caip.ts'
import { safeImageUrlOrNull } from './safeUrlSchema.ts'

/** A token balance of the blockchain-data API (SPEC.md §3). `address` is absent for the native token. */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkIdSchema,
  address: z.optional(caipAddressSchema),
  value: z.number(),
  price: z.number(),
  /** The price's change over the last 24 hours, in percent, where the price feed has it. */
  priceChange24h: z.optional(z.number()),
  quantity: z.object({
    decimals: z.string().check(z.regex(/^\d+$/, 'Expected decimal digits')),
    numeric: z.string().check(z.regex(/^\d+(\.\d+)?$/, 'Expected a decimal number')),
  }),
  /** An image URL (`safeImageUrlOrNull`): a refused one is null and the token is shown without its icon. */
  iconUrl: safeImageUrlOrNull(),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

/** `GET /v1/account/{address}/balance` answer. */
export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })
export type BalanceResponse = z.infer<typeof balanceResponseSchema>

/** Query of the balance call, besides the project fields added to every call. */
export const balanceQuerySchema = z.object({
  currency: z._default(z.string().check(z.minLength(1)), 'usd'),
  chainId: caipNetworkIdSchema,
  forceUpdate: z.optional(z.string()),
})
export type BalanceQuery = z.infer<typeof balanceQuerySchema>

/** The query fields every data API and catalogue call carries (SPEC.md §7). */
export const projectQuerySchema = z.object({
  projectId: z.string().check(z.minLength(1, 'Required')),
  st: z.string().check(z.minLength(1, 'Required')),
  sv: z.string().check(z.minLength(1, 'Required')),
})
export type ProjectQuery = z.infer<typeof projectQuerySchema>

/** SPEC.md §5: token balances with decimals of 0 are dropped. */
export function dropZeroDecimalTokens(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((b) => b.quantity.decimals !== '0')
}
