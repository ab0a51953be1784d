import { RECORDS, type CoreState } from '@portico/shared-types'
import type { CoreContext } from '../../infra/context.ts'
import type { CoreServices } from '../feature.ts'
import { withConnectionsInUse } from './wallets.ts'

export type Restore = {
  /** Resolves once the stored session is in place, or once the restore was given up. */
  ready: Promise<void>
  /** Whether transactions or writes were in flight when the last core stopped (answered true once). */
  takeWritesToResume(): boolean
}

/**
 * The restore of the stored records: the connection, recent wallets, sign-in sessions, account types,
 * the embedded wallet, pending transactions and the active account's cached reads. Given up after
 * `timeoutMs` (SPEC.md §9 storage: a database that does not answer, blocked by another tab's
 * upgrade): the core then starts fresh and a late answer is not applied.
 */
export function restoreSession(ctx: CoreContext, { siwx, balances, identity, transactions }: CoreServices, { timeoutMs }: { timeoutMs: number }): Restore {
  let givenUp = false
  let writesToResume = false
  const restored = (async () => {
    const [connection, recent, sessions, accountTypes, embedded, pending, inFlight] = await Promise.all([
      ctx.records.read(RECORDS.connection),
      ctx.records.read(RECORDS.recentWallets),
      ctx.records.read(RECORDS.siwxSessions),
      ctx.records.read(RECORDS.accountTypes),
      ctx.records.read(RECORDS.embeddedWallet),
      ctx.records.read(RECORDS.pendingTransactions),
      ctx.records.read(RECORDS.writes),
    ])
    const siwxSessions = sessions ? await siwx.valid(sessions.data, ctx.now()) : null
    if (givenUp) return
    let patch: Partial<CoreState> = {
      // Records kept before several wallets at once list none: the connections in use are the list.
      ...(connection ? { ...connection.data, wallets: withConnectionsInUse(connection.data, ctx.now()) } : {}),
      ...(recent ? { recentWallets: recent.data } : {}),
      ...(siwxSessions ? { siwxSessions } : {}),
      ...(accountTypes ? { accountTypes: accountTypes.data } : {}),
      ...(embedded ? { embeddedWallet: embedded.data } : {}),
      // Sent transactions stay pending after a reload or a new worker, until mined or failed.
      ...(pending ? { pendingTransactions: pending.data } : {}),
    }
    writesToResume = (pending?.data.length ?? 0) > 0 || (inFlight?.data.length ?? 0) > 0
    ctx.store.replace(patch)
    const account = ctx.activeAccount()
    if (account) {
      patch = { ...(await balances.restore(account)), ...(await identity.restore(account)), ...(await transactions.restore(account)) }
      if (givenUp) return
      ctx.store.replace(patch)
    }
  })().catch((error: unknown) => ctx.warn(`Portico: could not restore the session: ${error instanceof Error ? error.message : String(error)}`))
  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      givenUp = true
      ctx.warn(`Portico: the stored session was not read within ${timeoutMs} ms; starting fresh`)
      resolve()
    }, timeoutMs)
    void restored.then(() => {
      clearTimeout(timer)
      resolve()
    })
  })
  return {
    ready,
    takeWritesToResume() {
      const answer = writesToResume
      writesToResume = false
      return answer
    },
  }
}
