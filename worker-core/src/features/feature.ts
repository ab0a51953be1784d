import type { PorticoCoreApi } from '@portico/shared-types'
import type { CoreContext } from '../infra/context.ts'
import type { Analytics } from './analytics/analytics.ts'
import type { BalancesFeature } from './balances/balances.ts'
import type { CapabilitiesFeature } from './balances/capabilities.ts'
import type { PricesFeature } from './balances/prices.ts'
import type { CatalogueFeature } from './catalogue/catalogue.ts'
import type { TransactionsFeature } from './history/transactions.ts'
import type { IdentityFeature } from './identity/identity.ts'
import type { PreferencesFeature } from './preferences/preferences.ts'
import type { AccountRefresh } from './session/account.ts'
import type { SiwxFeature } from './siwx/siwx.ts'
import type { WritesFeature } from './writes/writes.ts'

/**
 * What the features share inside the core: the parts that keep state (made once by `createCore`),
 * the account's refresh, the write path (loaded with the first write) and the connection calls a
 * feature makes on its own (WalletConnect connects and disconnects every tab).
 */
export type CoreServices = {
  capabilities: CapabilitiesFeature
  prices: PricesFeature
  balances: BalancesFeature
  transactions: TransactionsFeature
  identity: IdentityFeature
  catalogue: CatalogueFeature
  preferences: PreferencesFeature
  siwx: SiwxFeature
  analytics: Analytics
  /** The active account's reads refreshed together (balances, identity, transactions), and when. */
  account: Omit<AccountRefresh, 'dispose'>
  /** The write path and the viem actions only it needs, in a chunk of their own, loaded with the first write. */
  writes(): Promise<WritesFeature>
  connection: Pick<PorticoCoreApi, 'setConnected' | 'setDisconnected' | 'setActiveNetwork'>
  /** Registers what to do when the core is disposed. */
  onDispose(fn: () => void): void
}

/**
 * A feature's slice of the core's API: `createCore` spreads one line per feature into the API, and
 * the compiler checks the slices together make `PorticoCoreApi`, neither more nor less.
 */
export type Feature<K extends keyof PorticoCoreApi> = (ctx: CoreContext, services: CoreServices) => Pick<PorticoCoreApi, K>
