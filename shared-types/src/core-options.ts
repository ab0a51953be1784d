import * as z from './zod-mini.ts'
import { caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'

/**
 * What the core needs beyond `CoreConfig`: the dapp's wallet lists, and the support lists of SPEC.md §9
 * (defaults in `constants.ts`), which a deployment with its own chains (the sandbox) may replace.
 */
export const coreOptionsSchema = z.object({
  /** Base URL of the project's hosted RPC (`{rpcUrl}/v1/?chainId=…&projectId=…`). Default: the data API's URL. */
  rpcUrl: z.optional(z.url()),
  /** Chains sent to the hosted RPC. Default: HOSTED_RPC_CHAINS. */
  hostedRpcChains: z.optional(z.array(caipNetworkIdSchema)),
  /** Default: BALANCE_NAMESPACES (eip155, solana). */
  balanceNamespaces: z.optional(z.array(chainNamespaceSchema)),
  /** Default: HISTORY_NAMESPACES (eip155). */
  historyNamespaces: z.optional(z.array(chainNamespaceSchema)),
  /** Default: NAME_NAMESPACES (eip155). */
  nameNamespaces: z.optional(z.array(chainNamespaceSchema)),
  /** Default: SWAP_SUPPORTED_CHAIN_IDS on eip155. */
  swapChains: z.optional(z.array(caipNetworkIdSchema)),
  /** Catalogue ids of wallets to feature first, to include only, or to leave out. */
  featuredWalletIds: z._default(z.array(z.string()), () => []),
  includeWalletIds: z._default(z.array(z.string()), () => []),
  excludeWalletIds: z._default(z.array(z.string()), () => []),
  /** Currency of balances and prices. */
  currency: z._default(z.string().check(z.minLength(1)), 'usd'),
})
export type CoreOptionsInput = z.input<typeof coreOptionsSchema>
export type CoreOptions = z.output<typeof coreOptionsSchema>
