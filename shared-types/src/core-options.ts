import { z } from './zod.ts'
import { caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'

/**
 * What the core needs beyond `CoreConfig`: the dapp's wallet lists, and the support lists of SPEC.md §9
 * (defaults in `constants.ts`), which a deployment with its own chains (the sandbox) may replace.
 */
export const coreOptionsSchema = z.object({
  /** Base URL of the project's hosted RPC (`{rpcUrl}/v1/?chainId=…&projectId=…`). Default: the data API's URL. */
  rpcUrl: z.string().url().optional(),
  /** Chains sent to the hosted RPC. Default: HOSTED_RPC_CHAINS. */
  hostedRpcChains: z.array(caipNetworkIdSchema).optional(),
  /** Default: BALANCE_NAMESPACES (eip155, solana). */
  balanceNamespaces: z.array(chainNamespaceSchema).optional(),
  /** Default: HISTORY_NAMESPACES (eip155). */
  historyNamespaces: z.array(chainNamespaceSchema).optional(),
  /** Default: NAME_NAMESPACES (eip155). */
  nameNamespaces: z.array(chainNamespaceSchema).optional(),
  /** Default: SWAP_SUPPORTED_CHAIN_IDS on eip155. */
  swapChains: z.array(caipNetworkIdSchema).optional(),
  /** Catalogue ids of wallets to feature first, to include only, or to leave out. */
  featuredWalletIds: z.array(z.string()).default([]),
  includeWalletIds: z.array(z.string()).default([]),
  excludeWalletIds: z.array(z.string()).default([]),
  /** Currency of balances and prices. */
  currency: z.string().min(1).default('usd'),
})
export type CoreOptionsInput = z.input<typeof coreOptionsSchema>
export type CoreOptions = z.output<typeof coreOptionsSchema>
