import { PENDING_TRANSACTIONS_LIMIT } from '@portico/shared-types/constants'
import { RECORDS } from '@portico/shared-types'
import type { PendingTransaction } from '@portico/shared-types/write'
import type { CoreContext } from '../../infra/context.ts'
import type { SolanaRpcClient } from '../../infra/rpc.ts'

/** How long a Solana signature is followed: its blockhash is valid for 150 blocks (about a minute), with room to spare. */
const SOLANA_CONFIRM_TIMEOUT_MS = 120_000

/** What an Activity row shows of a transaction while it is pending (everything but its hash and state). */
export type Tracked = Omit<PendingTransaction, 'hash' | 'status' | 'submittedAt' | 'writeId'>

export type PendingTransactions = {
  /** Changes `state.pendingTransactions` (99 at most), pushed to every tab and persisted. */
  set(change: (pending: PendingTransaction[]) => PendingTransaction[]): void
  /** Follows a pending transaction until mined: confirmed or failed, then balances and Activity refresh and the row goes. */
  follow(entry: PendingTransaction): void
  /** Records a sent transaction: shown at once (in place of its write's placeholder), followed until mined. */
  track(hash: string, tracks: Tracked, writeId: string): void
  dispose(): void
}

/** The sent transactions a visitor sees as pending, in every tab and after a reload, until mined. */
export function createPendingTransactions(ctx: CoreContext, { onMined, warn }: { onMined(pending: PendingTransaction): Promise<void>; warn(what: string, error: unknown): void }): PendingTransactions {
  /** Hashes followed by this core, so a restored or repeated one is followed once. */
  const followed = new Set<string>()
  let disposed = false

  function set(change: (pending: PendingTransaction[]) => PendingTransaction[]) {
    if (disposed) return
    ctx.store.set((s) => ({ pendingTransactions: change(s.pendingTransactions).slice(0, PENDING_TRANSACTIONS_LIMIT) }))
    void ctx.records.write(RECORDS.pendingTransactions, ctx.store.get().pendingTransactions).catch((error: unknown) => warn('could not keep the pending transactions', error))
  }

  /** A Solana signature's outcome: its status polled until confirmed (failed when it carries an error, or when its blockhash has long expired). */
  async function solanaOutcome(rpc: SolanaRpcClient, signature: string): Promise<PendingTransaction['status']> {
    const until = ctx.now() + SOLANA_CONFIRM_TIMEOUT_MS
    const { solanaSignatureStatusesAnswerSchema } = await import('@portico/shared-types/solana')
    while (!disposed && ctx.now() < until) {
      const answer = await rpc.request('getSignatureStatuses', [[signature]]).catch(() => null)
      const status = answer === null ? null : solanaSignatureStatusesAnswerSchema.safeParse(answer)
      const seen = status?.success ? status.data.value[0] : null
      if (seen && (seen.confirmationStatus === 'confirmed' || seen.confirmationStatus === 'finalized')) return seen.err === null ? 'confirmed' : 'failed'
      await ctx.sleep(500)
    }
    return 'failed'
  }

  function follow(entry: PendingTransaction) {
    if (followed.has(entry.hash)) return
    const env = ctx.env()
    const client = env?.rpc.client(entry.caipNetworkId)
    const solana = env?.rpc.solana(entry.caipNetworkId)
    if (!client && !solana) return
    followed.add(entry.hash)
    const settled: Promise<PendingTransaction['status']> =
      entry.status !== 'pending'
        ? Promise.resolve(entry.status)
        : solana
          ? solanaOutcome(solana, entry.hash)
          : client!
              .waitForTransactionReceipt({ hash: entry.hash as `0x${string}`, pollingInterval: 500, timeout: 0 })
              .then((receipt) => (receipt.status === 'success' ? 'confirmed' : 'failed'))
              .catch(() => 'failed' as const)
    void settled.then(async (status) => {
      if (disposed) return
      const done: PendingTransaction = { ...entry, status }
      set((all) => all.map((p) => (p.hash === entry.hash ? done : p)))
      await onMined(done).catch((error: unknown) => warn('could not refresh after a transaction', error))
      // Activity now lists it (the data API indexed the block); the pending row has served its purpose.
      set((all) => all.filter((p) => p.hash !== entry.hash))
      followed.delete(entry.hash)
    })
  }

  return {
    set,
    follow,
    track(hash, tracks, writeId) {
      const entry: PendingTransaction = { hash, ...tracks, status: 'pending', submittedAt: ctx.now() }
      set((all) => [entry, ...all.filter((p) => p.hash !== hash && p.writeId !== writeId)])
      follow(entry)
    },
    dispose: () => void (disposed = true),
  }
}
