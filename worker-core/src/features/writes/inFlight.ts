import { IN_FLIGHT_WRITES_LIMIT, WRITE_RECONCILE_MS } from '@portico/shared-types/constants'
import { RECORDS } from '@portico/shared-types'
import type { InFlightWrite, WriteResult } from '@portico/shared-types/write'
import type { CoreContext } from '../../infra/context.ts'

export type InFlightWrites = {
  /** Resolves once the writes stored by an earlier core are read. */
  loaded: Promise<void>
  /** The stored writes whose wallet request is out (or whose outcome is kept for a repeated answer). */
  list(): readonly InFlightWrite[]
  find(writeId: string): InFlightWrite | undefined
  /** Records a write as asked (replacing an earlier record of it). */
  asked(record: InFlightWrite): Promise<void>
  /** Keeps a write's outcome once it is done (a repeated answer gets it again); a failed write is forgotten. */
  settle(writeId: string, outcome: WriteResult): Promise<WriteResult>
  dispose(): void
}

/**
 * The writes whose wallet request is out, in IndexedDB (`RECORDS.writes`, at most
 * `IN_FLIGHT_WRITES_LIMIT`): a core that restarts finds them and never asks the wallet again.
 */
export function createInFlightWrites(ctx: CoreContext, warn: (what: string, error: unknown) => void): InFlightWrites {
  let stored: InFlightWrite[] = []
  let disposed = false
  const loaded = ctx.records.read(RECORDS.writes).then(
    (saved) => {
      // Kept no longer than they can serve: an outcome for a repeated answer, a write to look for on chain.
      const now = ctx.now()
      stored = (saved?.data ?? []).filter((w) => (w.outcome || !w.step.transaction ? now - w.askedAt < WRITE_RECONCILE_MS : true))
    },
    () => undefined,
  )

  async function save(change: (writes: InFlightWrite[]) => InFlightWrite[]) {
    await loaded
    if (disposed) return
    // From what is stored now, not only this core's copy: another core on the same database (a tab's
    // worker not yet gone) may have recorded writes since.
    const current = await ctx.records.read(RECORDS.writes).then(
      (saved) => saved?.data,
      () => undefined,
    )
    const known = new Map((current ?? []).map((w) => [w.id, w]))
    for (const w of stored) if (!known.has(w.id) || (w.outcome && !known.get(w.id)!.outcome)) known.set(w.id, w)
    stored = change([...known.values()].sort((a, b) => a.askedAt - b.askedAt)).slice(-IN_FLIGHT_WRITES_LIMIT)
    await ctx.records.write(RECORDS.writes, stored).catch((error: unknown) => warn('could not keep the writes in flight', error))
  }

  return {
    loaded,
    list: () => stored,
    find: (writeId) => stored.find((w) => w.id === writeId),
    asked: (record) => save((writes) => [...writes.filter((w) => w.id !== record.id), record]),
    async settle(writeId, outcome) {
      if (outcome.status === 'done') await save((writes) => writes.map((w) => (w.id === writeId ? { ...w, outcome } : w)))
      else await save((writes) => writes.filter((w) => w.id !== writeId))
      return outcome
    },
    dispose: () => void (disposed = true),
  }
}
