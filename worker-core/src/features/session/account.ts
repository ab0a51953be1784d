import type { CoreContext } from '../../infra/context.ts'
import type { BalancesFeature } from '../balances/balances.ts'
import type { TransactionsFeature } from '../history/transactions.ts'
import type { IdentityFeature } from '../identity/identity.ts'

export type AccountRefresh = {
  /** Refreshes what the account view shows (balances, identity, transactions) where stale; marks the account as asked for. */
  refresh(params?: { force?: boolean }): Promise<void>
  /**
   * After a transaction of the account was mined: its balances and activity read again past their
   * cache; its name and avatar only where stale (a transaction moves funds, not the name, and a name
   * Portico registered reaches the identity at once through `registered`).
   */
  afterMined(): Promise<void>
  /** A tab asked for the account's data: from now on it is refreshed when the core comes back online or into view. */
  asked(): void
  /** The refresh in progress (or the last one), for callers that wait for it. */
  last(): Promise<void>
  dispose(): void
}

/**
 * Stale data of the active account (balances, identity, and the first page of a transaction list
 * that is shown), refreshed once when the core comes back online or into view; only once a tab has
 * asked for it (connecting, opening the account), never on its own.
 */
export function createAccountRefresh(ctx: CoreContext, reads: { balances: BalancesFeature; identity: IdentityFeature; transactions: TransactionsFeature }): AccountRefresh {
  let asked = false
  let lastRefresh: Promise<void> = Promise.resolve()
  const refresh = (params?: { force?: boolean }) => {
    asked = true
    lastRefresh = Promise.all([reads.balances.refresh(params), reads.identity.refresh(params), reads.transactions.refresh(params)]).then(() => undefined)
    return lastRefresh
  }
  const offOnline = ctx.online.subscribe((isOnline) => {
    ctx.store.set({ online: isOnline })
    if (isOnline && asked) void refresh()
  })
  const offFocus = ctx.focus.subscribe((focused) => {
    if (focused && asked) void refresh()
  })
  return {
    refresh,
    afterMined() {
      asked = true
      lastRefresh = Promise.all([reads.balances.refresh({ force: true }), reads.identity.refresh(), reads.transactions.refresh({ force: true })]).then(() => undefined)
      return lastRefresh
    },
    asked: () => void (asked = true),
    last: () => lastRefresh,
    dispose() {
      offOnline()
      offFocus()
    },
  }
}
