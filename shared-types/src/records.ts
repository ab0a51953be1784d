import { z } from './zod.ts'
import { caipNetworkIdSchema, chainNamespaceSchema, type CaipAddress } from './caip.ts'
import { tokenBalanceSchema } from './balance.ts'
import { identityResponseSchema, nftHoldingSchema, profileReverseResponseSchema, transactionSchema } from './api/data-api.ts'
import { walletListingSchema } from './api/catalogue.ts'
import { RECENT_WALLETS_KEPT } from './constants.ts'
import { accountTypeSchema, embeddedWalletStateSchema, namespaceConnectionSchema, siwxSessionSchema } from './state.ts'

/**
 * The records the core keeps in IndexedDB (SPEC.md §3 "local storage keeps"), one schema per kind.
 * Each is stored wrapped by `storedRecordSchema` (version and save time); a record that fails its
 * schema or has another version is dropped with a warning.
 */
export type RecordDefinition<T extends z.ZodType, A extends unknown[] = []> = {
  kind: string
  key: (...args: A) => string
  schema: T
}

function define<T extends z.ZodType, A extends unknown[] = []>(kind: string, key: (...args: A) => string, schema: T): RecordDefinition<T, A> {
  return { kind, key, schema }
}

const lower = (address: string) => address.toLowerCase()

export const RECORDS = {
  /** Connection status per namespace, the active namespace and the active network. */
  connection: define(
    'connection',
    () => 'connection',
    z.object({
      connections: z.partialRecord(chainNamespaceSchema, namespaceConnectionSchema),
      activeNamespace: chainNamespaceSchema.nullable(),
      activeCaipNetworkId: caipNetworkIdSchema.nullable(),
    }),
  ),
  recentWallets: define('recentWallets', () => 'recent-wallets', z.array(walletListingSchema).max(RECENT_WALLETS_KEPT)),
  siwxSessions: define('siwxSessions', () => 'siwx-sessions', z.array(siwxSessionSchema)),
  accountTypes: define('accountTypes', () => 'preferred-account-types', z.partialRecord(chainNamespaceSchema, accountTypeSchema)),
  embeddedWallet: define('embeddedWallet', () => 'embedded-wallet', embeddedWalletStateSchema),
  /** The portfolio (token balances) of an account on a network: the balance cache. */
  portfolio: define(
    'portfolio',
    (caipAddress: CaipAddress, currency: string) => `balances:${caipAddress}:${currency}`,
    z.object({ source: z.enum(['api', 'wallet']), balances: z.array(tokenBalanceSchema) }),
  ),
  /** The native balance read from the chain RPC. */
  nativeBalance: define(
    'nativeBalance',
    (caipAddress: CaipAddress) => `native-balance:${caipAddress}`,
    z.object({ value: z.string().regex(/^\d+$/), decimals: z.number().int().nonnegative(), symbol: z.string() }),
  ),
  /** The Activity list last loaded for an account on a network, so it reopens offline. */
  transactions: define(
    'transactions',
    (caipAddress: CaipAddress) => `transactions:${caipAddress}`,
    z.object({ data: z.array(transactionSchema), next: z.string().nullable() }),
  ),
  identity: define('identity', (address: string) => `identity:${lower(address)}`, identityResponseSchema),
  /** Registered profile names of an address (the name cache). */
  names: define('names', (address: string) => `names:${lower(address)}`, profileReverseResponseSchema),
  /** The NFTs an account holds on a network, so the NFTs tab reopens offline. */
  nftHoldings: define('nftHoldings', (caipAddress: CaipAddress) => `nft-holdings:${caipAddress}`, z.array(nftHoldingSchema)),
} as const

export type RecordKind = keyof typeof RECORDS
export type RecordData<K extends RecordKind> = z.output<(typeof RECORDS)[K]['schema']>
