import * as z from './zod-mini.ts'
import { caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'
import { safeWebUrlSchema } from './safeUrlSchema.ts'

/** A network the dapp offers (SPEC.md §3). Shaped so a viem `Chain` fits into it. */
export const networkSchema = z.object({
  id: z.union([z.int().check(z.nonnegative()), z.string().check(z.minLength(1))]),
  caipNetworkId: caipNetworkIdSchema,
  chainNamespace: chainNamespaceSchema,
  name: z.string().check(z.minLength(1)),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.int().check(z.nonnegative()) }),
  rpcUrls: z.catchall(z.object({ default: z.object({ http: z.array(z.url()).check(z.minLength(1)) }) }), z.object({ http: z.array(z.string()) })),
  blockExplorers: z.optional(
    // The account view links to the default explorer: an https URL (or http on a loopback host).
    z.catchall(z.object({ default: z.object({ name: z.string(), url: safeWebUrlSchema() }) }), z.object({ name: z.string(), url: z.string() })),
  ),
  testnet: z.optional(z.boolean()),
})
export type Network = z.infer<typeof networkSchema>
