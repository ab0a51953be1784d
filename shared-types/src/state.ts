import * as z from './zod-mini.ts'
import { caipAddressSchema, caipNetworkIdSchema, chainNamespaceSchema } from './caip.ts'
import { tokenBalanceSchema } from './balance.ts'
import { transactionSchema } from './api/data-api.ts'
import { walletListingSchema } from './api/catalogue.ts'
import { CONNECTOR_TYPES } from './connectors.ts'
import { pendingTransactionSchema } from './write.ts'
import { walletConnectStateSchema } from './walletConnect.ts'
import { serializedErrorSchema } from './revive.ts'
import { siwxSessionSchema, type SiwxSession } from './siwx-config.ts'

export const connectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected'])
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>

/** Connection of one chain namespace (SPEC.md §4: kept per namespace). */
export const namespaceConnectionSchema = z.object({
  status: connectionStatusSchema,
  caipAddress: z.nullable(caipAddressSchema),
  /** Which connector holds the session: an EIP-6963 rdns, 'injected', 'walletConnect', 'auth'. */
  connectorId: z.nullable(z.string()),
  connectorName: z.nullable(z.string()),
  /**
   * The connector's kind (SPEC.md §3), which decides whether disconnecting this namespace ends the
   * others (`sharesSessionAcrossNamespaces`). Records stored before it was kept read as null.
   */
  connectorType: z._default(z.nullable(z.enum(CONNECTOR_TYPES)), null),
})
export type NamespaceConnection = z.infer<typeof namespaceConnectionSchema>

/**
 * A wallet the visitor connected and has not disconnected: one per connector and namespace (a wallet
 * with EVM and Solana sides is two). With several wallets at once (`multiWallet`) the list keeps the
 * ones the visitor is not using; the one in use of each namespace is also `connections[namespace]`.
 */
export const walletConnectionSchema = z.object({
  /** `connectorId` and namespace: `io.portico.sandbox|eip155`. */
  id: z.string().check(z.minLength(3)),
  namespace: chainNamespaceSchema,
  /** The account the wallet answered last (its chain is where the wallet was then). */
  caipAddress: caipAddressSchema,
  connectorId: z.string().check(z.minLength(1)),
  connectorName: z.nullable(z.string()),
  connectorType: z._default(z.nullable(z.enum(CONNECTOR_TYPES)), null),
  /** When it was last the namespace's connection (ms since epoch): the most recent comes back when the one in use leaves. */
  usedAt: z.number(),
})
export type WalletConnection = z.infer<typeof walletConnectionSchema>

export { serializedErrorSchema }

export const balancesStateSchema = z.object({
  status: z.enum(['idle', 'loading', 'success', 'error']),
  /** The account and network the balances belong to. */
  caipAddress: z.nullable(caipAddressSchema),
  data: z.nullable(z.array(tokenBalanceSchema)),
  /** When the data was fetched (ms since epoch). */
  updatedAt: z.nullable(z.number()),
  error: z.nullable(serializedErrorSchema),
  /** Retries are blocked until this time after a failure (SPEC.md §8, 30 s). */
  retryBlockedUntil: z.nullable(z.number()),
  /** Where the portfolio came from: the data API, or the wallet's ERC-7811 `wallet_getAssets` answer. */
  source: z.nullable(z.enum(['api', 'wallet'])),
})
export type BalancesState = z.infer<typeof balancesStateSchema>

/** The native balance of the active account, read from the chain RPC (SPEC.md §9: cached 30 s). */
export const nativeBalanceStateSchema = z.object({
  status: z.enum(['idle', 'loading', 'success', 'error', 'unsupported']),
  caipAddress: z.nullable(caipAddressSchema),
  /** In the smallest unit (wei), as a decimal string. */
  value: z.nullable(z.string().check(z.regex(/^\d+$/))),
  /** `value` with the network's native decimals, e.g. '1.5'. */
  formatted: z.nullable(z.string()),
  symbol: z.nullable(z.string()),
  decimals: z.nullable(z.int().check(z.nonnegative())),
  updatedAt: z.nullable(z.number()),
  error: z.nullable(serializedErrorSchema),
})
export type NativeBalanceState = z.infer<typeof nativeBalanceStateSchema>

/** Transactions of one month; `month` is 0-based like `Date.getMonth()`. */
export const transactionMonthSchema = z.object({ month: z.int().check(z.gte(0), z.lte(11)), transactions: z.array(transactionSchema) })
/** Transactions grouped by year then month, newest first (SPEC.md §3). */
export const transactionYearSchema = z.object({ year: z.int(), months: z.array(transactionMonthSchema) })
export type TransactionMonth = z.infer<typeof transactionMonthSchema>
export type TransactionYear = z.infer<typeof transactionYearSchema>

/** The activity of the active account on the active chain (SPEC.md §3, §4). */
export const transactionsStateSchema = z.object({
  /** 'unsupported': the namespace has no history (only eip155 has, SPEC.md §9). */
  status: z.enum(['idle', 'loading', 'success', 'error', 'unsupported']),
  /** The account and chain the list belongs to. */
  caipAddress: z.nullable(caipAddressSchema),
  /** Spam NFT-only transactions and other chains' transactions are already dropped (SPEC.md §5). */
  data: z.array(transactionSchema),
  grouped: z.array(transactionYearSchema),
  /** Cursor of the next page; null when there is none. */
  next: z.nullable(z.string()),
  /** The onramp's deliveries to the account on this chain (SPEC.md §3), loaded with `{ onramp: 'coinbase' }`. */
  coinbaseTransactions: z.array(transactionSchema),
  empty: z.boolean(),
  updatedAt: z.nullable(z.number()),
  /** 'Failed to fetch transactions' after a failure (SPEC.md §8). */
  error: z.nullable(serializedErrorSchema),
})
export type TransactionsState = z.infer<typeof transactionsStateSchema>

/** Name and avatar of the active account (SPEC.md §3; cached 5 min). */
export const identityStateSchema = z.object({
  status: z.enum(['idle', 'loading', 'success', 'error', 'unsupported']),
  caipAddress: z.nullable(caipAddressSchema),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  updatedAt: z.nullable(z.number()),
  error: z.nullable(serializedErrorSchema),
})
export type IdentityState = z.infer<typeof identityStateSchema>

/** What Portico offers on one configured network. */
export const networkCapabilitiesSchema = z.object({
  balance: z.boolean(),
  history: z.boolean(),
  names: z.boolean(),
  swaps: z.boolean(),
  /** Where the core sends this network's JSON-RPC. */
  rpc: z.enum(['rpcMap', 'hosted', 'default']),
})
export type NetworkCapabilities = z.infer<typeof networkCapabilitiesSchema>

/** SPEC.md §9 support lists, with the data API's supported chains once known. */
export const capabilitiesSchema = z.object({
  balanceNamespaces: z.array(chainNamespaceSchema),
  historyNamespaces: z.array(chainNamespaceSchema),
  nameNamespaces: z.array(chainNamespaceSchema),
  swapChains: z.array(caipNetworkIdSchema),
  /** The data API's `v1/supported-chains` (http); null until fetched or when it could not be read. */
  supportedChains: z.nullable(z.array(caipNetworkIdSchema)),
  /** Per configured network. */
  networks: z.record(z.string(), networkCapabilitiesSchema),
})
export type Capabilities = z.infer<typeof capabilitiesSchema>

export const accountTypeSchema = z.enum(['eoa', 'smartAccount', 'payment'])
export type AccountType = z.infer<typeof accountTypeSchema>

/** Cached embedded-wallet (email or social) login data (SPEC.md §3). */
export const embeddedWalletStateSchema = z.object({
  loginUsed: z.boolean(),
  email: z.nullable(z.email()),
  lastChain: z.nullable(caipNetworkIdSchema),
  socialUsername: z.nullable(z.string()),
  /** The user's accounts as the frame answered them (SPEC.md §3): the key's EOA and, where the chain has one, its smart account. */
  accounts: z._default(z.array(z.object({ address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)), type: z.enum(['eoa', 'smartAccount']) })), () => []),
  preferredAccountType: z._default(z.nullable(z.enum(['eoa', 'smartAccount'])), null),
  /** Whether the smart account has code on the chain (its first user operation deploys it). */
  smartAccountDeployed: z._default(z.boolean(), false),
})
export type EmbeddedWalletState = z.infer<typeof embeddedWalletStateSchema>

export { siwxSessionSchema, type SiwxSession }

/** Everything the core pushes to every tab. */
export const coreStateSchema = z.object({
  /** Increases with every change, so a tab can drop an out-of-order push. */
  revision: z.int().check(z.nonnegative()),
  configured: z.boolean(),
  connections: z.partialRecord(chainNamespaceSchema, namespaceConnectionSchema),
  /** Every connected wallet, in use or not, most recently used first (`WalletConnection`); at most `CONNECTED_WALLETS_LIMIT`. */
  wallets: z.array(walletConnectionSchema),
  activeNamespace: z.nullable(chainNamespaceSchema),
  activeCaipNetworkId: z.nullable(caipNetworkIdSchema),
  /**
   * SPEC.md §4: a switch to a network of another namespace is under way (its wallet may be asked to
   * connect that namespace); cleared once the active network is stored, or when the switch fails.
   */
  switchingNamespace: z.boolean(),
  balances: balancesStateSchema,
  nativeBalance: nativeBalanceStateSchema,
  transactions: transactionsStateSchema,
  identity: identityStateSchema,
  /** Wallets the visitor connected lately, newest first (SPEC.md §9: 2 kept). */
  recentWallets: z.array(walletListingSchema),
  capabilities: capabilitiesSchema,
  /** Preferred account type per namespace, as chosen; defaults are DEFAULT_ACCOUNT_TYPES. */
  accountTypes: z.partialRecord(chainNamespaceSchema, accountTypeSchema),
  embeddedWallet: embeddedWalletStateSchema,
  siwxSessions: z.array(siwxSessionSchema),
  /**
   * Accounts signed out by a disconnect that no page has told the dapp of yet (a wallet's own
   * disconnect, a WalletConnect session the phone ended): a page with the dapp's own SIWX configuration
   * takes one (`takeSiwxSignOut`, first tab only) and calls its `revokeSession` per chain. The newest 10.
   */
  siwxSignOuts: z.array(z.object({ id: z.string(), caipAddress: caipAddressSchema, chainIds: z.array(caipNetworkIdSchema) })),
  /** Transactions sent through the write path, newest first, until the data API lists them (SPEC.md §9: 99 at most). */
  pendingTransactions: z.array(pendingTransactionSchema),
  /** The WalletConnect pairing and session, shared by every tab (SPEC.md §4). */
  walletConnect: walletConnectStateSchema,
  online: z.boolean(),
  storage: z.enum(['indexeddb', 'memory']),
  /** The analytics sink answered 403 (origin not allow-listed): nothing more is sent this session, and the tabs say so once. */
  analyticsBlocked: z.boolean(),
  /** A service (data API, catalogue) answered 403: it refuses this origin or project; the modal says 'Invalid App Configuration'. */
  originRejected: z.boolean(),
})
export type CoreState = z.infer<typeof coreStateSchema>

export {
  activeConnection,
  disconnectedConnection,
  emptyBalances,
  emptyCapabilities,
  emptyEmbeddedWallet,
  emptyIdentity,
  emptyNativeBalance,
  emptyTransactions,
} from './light.ts'
