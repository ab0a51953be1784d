import { z } from './zod.ts'
import { caipAddressSchema, caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'
import { tokenBalanceSchema } from './balance.ts'

export const connectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected'])
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>

/** Connection of one chain namespace (SPEC.md §4: kept per namespace). */
export const namespaceConnectionSchema = z.object({
  status: connectionStatusSchema,
  caipAddress: caipAddressSchema.nullable(),
  /** Which connector holds the session: an EIP-6963 rdns, 'injected', 'walletConnect', 'auth'. */
  connectorId: z.string().nullable(),
  connectorName: z.string().nullable(),
})
export type NamespaceConnection = z.infer<typeof namespaceConnectionSchema>

export const serializedErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  details: z.string().optional(),
  status: z.number().optional(),
  code: z.number().optional(),
})

export const balancesStateSchema = z.object({
  status: z.enum(['idle', 'loading', 'success', 'error']),
  /** The account and network the balances belong to. */
  caipAddress: caipAddressSchema.nullable(),
  data: z.array(tokenBalanceSchema).nullable(),
  /** When the data was fetched from the API (ms since epoch). */
  updatedAt: z.number().nullable(),
  error: serializedErrorSchema.nullable(),
  /** Retries are blocked until this time after a failure (SPEC.md §8, 30 s). */
  retryBlockedUntil: z.number().nullable(),
})
export type BalancesState = z.infer<typeof balancesStateSchema>

/** Everything the core pushes to every tab. */
export const coreStateSchema = z.object({
  /** Increases with every change, so a tab can drop an out-of-order push. */
  revision: z.number().int().nonnegative(),
  configured: z.boolean(),
  connections: z.partialRecord(chainNamespaceSchema, namespaceConnectionSchema),
  activeNamespace: chainNamespaceSchema.nullable(),
  activeCaipNetworkId: caipNetworkIdSchema.nullable(),
  balances: balancesStateSchema,
  online: z.boolean(),
  storage: z.enum(['indexeddb', 'memory']),
})
export type CoreState = z.infer<typeof coreStateSchema>

export { activeConnection, disconnectedConnection, emptyBalances } from './light.ts'
