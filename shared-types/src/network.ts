import { z } from './zod.ts'
import { caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'
import { safeWebUrlSchema } from './safeUrlSchema.ts'

/** A network the dapp offers (SPEC.md §3). Shaped so a viem `Chain` fits into it. */
export const networkSchema = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().min(1)]),
  caipNetworkId: caipNetworkIdSchema,
  chainNamespace: chainNamespaceSchema,
  name: z.string().min(1),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int().nonnegative() }),
  rpcUrls: z.object({ default: z.object({ http: z.array(z.string().url()).min(1) }) }).catchall(z.object({ http: z.array(z.string()) })),
  blockExplorers: z
    // The account view links to the default explorer: an https URL (or http on a loopback host).
    .object({ default: z.object({ name: z.string(), url: safeWebUrlSchema() }) })
    .catchall(z.object({ name: z.string(), url: z.string() }))
    .optional(),
  testnet: z.boolean().optional(),
})
export type Network = z.infer<typeof networkSchema>
