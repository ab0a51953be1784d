import * as z from './zod-mini.ts'
import { caipNetworkIdSchema, chainNamespaceSchema, type CaipAddress } from './caip.ts'
import { tokenBalanceSchema } from './balance.ts'
import { identityResponseSchema, nftHoldingSchema, profileReverseResponseSchema, transactionSchema } from './api/data-api.ts'
import { walletListingSchema } from './api/catalogue.ts'
import { CONNECTED_WALLETS_LIMIT, IN_FLIGHT_WRITES_LIMIT, PENDING_TRANSACTIONS_LIMIT, RECENT_WALLETS_KEPT } from './constants.ts'
import { accountTypeSchema, embeddedWalletStateSchema, namespaceConnectionSchema, siwxSessionSchema, walletConnectionSchema } from './state.ts'
import { inFlightWriteSchema, pendingTransactionSchema } from './write.ts'

/**
 * The records the core keeps in IndexedDB (SPEC.md §3 "local storage keeps"), one schema per kind.
 * Each is stored wrapped by `storedRecordSchema` (version, kind and save time); an older version is
 * migrated on read (`STORED_RECORD_MIGRATIONS`); a record that fails its schema, or whose version
 * cannot be migrated, is dropped with a warning.
 */
export type RecordDefinition<T extends z.core.$ZodType, A extends unknown[] = []> = {
  kind: string
  key: (...args: A) => string
  schema: T
  /**
   * A cache (balances, portfolio, Activity, names, images): what a full quota evicts first. The
   * session, its preferences, SIWX tokens and writes in flight are never evicted.
   */
  cache?: boolean
}

function define<T extends z.core.$ZodType, A extends unknown[] = []>(kind: string, key: (...args: A) => string, schema: T, options: { cache?: boolean } = {}): RecordDefinition<T, A> {
  return { kind, key, schema, ...(options.cache ? { cache: true } : {}) }
}

const lower = (address: string) => address.toLowerCase()

export const RECORDS = {
  /** Connection status per namespace, every connected wallet, the active namespace and the active network. */
  connection: define(
    'connection',
    () => 'connection',
    z.object({
      connections: z.partialRecord(chainNamespaceSchema, namespaceConnectionSchema),
      /** Records stored before several wallets at once read as none: the core adds the connections in use. */
      wallets: z._default(z.array(walletConnectionSchema).check(z.maxLength(CONNECTED_WALLETS_LIMIT)), () => []),
      activeNamespace: z.nullable(chainNamespaceSchema),
      activeCaipNetworkId: z.nullable(caipNetworkIdSchema),
    }),
  ),
  recentWallets: define('recentWallets', () => 'recent-wallets', z.array(walletListingSchema).check(z.maxLength(RECENT_WALLETS_KEPT))),
  siwxSessions: define('siwxSessions', () => 'siwx-sessions', z.array(siwxSessionSchema)),
  accountTypes: define('accountTypes', () => 'preferred-account-types', z.partialRecord(chainNamespaceSchema, accountTypeSchema)),
  embeddedWallet: define('embeddedWallet', () => 'embedded-wallet', embeddedWalletStateSchema),
  /** The portfolio (token balances) of an account on a network: the balance cache. */
  portfolio: define(
    'portfolio',
    (caipAddress: CaipAddress, currency: string) => `balances:${caipAddress}:${currency}`,
    z.object({ source: z.enum(['api', 'wallet']), balances: z.array(tokenBalanceSchema) }),
    { cache: true },
  ),
  /** The native balance read from the chain RPC. */
  nativeBalance: define(
    'nativeBalance',
    (caipAddress: CaipAddress) => `native-balance:${caipAddress}`,
    z.object({ value: z.string().check(z.regex(/^\d+$/)), decimals: z.int().check(z.nonnegative()), symbol: z.string() }),
    { cache: true },
  ),
  /** The Activity list last loaded for an account on a network, so it reopens offline. */
  transactions: define('transactions', (caipAddress: CaipAddress) => `transactions:${caipAddress}`, z.object({ data: z.array(transactionSchema), next: z.nullable(z.string()) }), { cache: true }),
  identity: define('identity', (address: string) => `identity:${lower(address)}`, identityResponseSchema, { cache: true }),
  /** Registered profile names of an address (the name cache). */
  names: define('names', (address: string) => `names:${lower(address)}`, profileReverseResponseSchema, { cache: true }),
  /** The NFTs an account holds on a network, so the NFTs tab reopens offline. */
  nftHoldings: define('nftHoldings', (caipAddress: CaipAddress) => `nft-holdings:${caipAddress}`, z.array(nftHoldingSchema), { cache: true }),
  /** Transactions sent through the write path, shown as pending until mined (SPEC.md §9: 99 kept). */
  pendingTransactions: define('pendingTransactions', () => 'pending-transactions', z.array(pendingTransactionSchema).check(z.maxLength(PENDING_TRANSACTIONS_LIMIT))),
  /** Writes whose wallet request is out, so a restarted core never asks again and finds what was sent. */
  writes: define('writes', () => 'writes', z.array(inFlightWriteSchema).check(z.maxLength(IN_FLIGHT_WRITES_LIMIT))),
} as const

export type RecordKind = keyof typeof RECORDS
export type RecordData<K extends RecordKind> = z.output<(typeof RECORDS)[K]['schema']>

/** Record kinds that are caches (`cache: true`), evicted first when the quota is full. */
export const CACHE_RECORD_KINDS: ReadonlySet<string> = new Set(
  Object.values(RECORDS as Record<string, RecordDefinition<z.core.$ZodType, never[]>>)
    .filter((r) => r.cache)
    .map((r) => r.kind),
)

/** Fixed keys and key prefixes of each kind, for version 1 records (whose envelope named no kind). */
const KIND_OF_KEY: readonly (readonly [string, string])[] = [
  ['connection', 'connection'],
  ['recent-wallets', 'recentWallets'],
  ['siwx-sessions', 'siwxSessions'],
  ['preferred-account-types', 'accountTypes'],
  ['embedded-wallet', 'embeddedWallet'],
  ['pending-transactions', 'pendingTransactions'],
  ['writes', 'writes'],
  ['balances:', 'portfolio'],
  ['native-balance:', 'nativeBalance'],
  ['transactions:', 'transactions'],
  ['identity:', 'identity'],
  ['names:', 'names'],
  ['nft-holdings:', 'nftHoldings'],
]

/** The record kind a key belongs to (from its fixed key or prefix), or null for a key of no known kind. */
export function recordKindOfKey(key: string): string | null {
  for (const [match, kind] of KIND_OF_KEY) if (match.endsWith(':') ? key.startsWith(match) : key === match) return kind
  return null
}
