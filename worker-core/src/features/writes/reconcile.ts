import { hexToBigInt, isHash, numberToHex } from 'viem'
import { WRITE_RECONCILE_MS } from '@portico/shared-types/constants'
import { parseCaipAddress, parseWith } from '@portico/shared-types'
import type { InFlightWrite, WalletRequest, WriteResult } from '@portico/shared-types/write'
import { z } from 'zod/mini'
import type { CoreContext } from '../../infra/context.ts'
import type { PendingTransactions } from './pending.ts'

type Sent = NonNullable<InFlightWrite['step']['transaction']>

const sameAddress = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase()

/** What an eth_sendTransaction step sends, to find it on chain when its answer never came back. */
export function sentTransaction(request: WalletRequest): InFlightWrite['step']['transaction'] {
  if (request.method !== 'eth_sendTransaction') return undefined
  const parsed = z.object({ from: z.string(), to: z.optional(z.string()), value: z.optional(z.string()), data: z.optional(z.string()) }).safeParse(request.params[0])
  return parsed.success ? parsed.data : undefined
}

const hexQuantity = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]+$/)),
  z.transform((h: string) => h as `0x${string}`),
)
/** The part of an `eth_getBlockByNumber` answer the reconciliation reads, checked (it comes from the node). */
const rpcBlockSchema = z.object({
  timestamp: hexQuantity,
  transactions: z.array(
    z.union([z.string(), z.object({ hash: z.string().check(z.refine((h) => isHash(h))), from: z.string(), to: z.nullish(z.string()), value: hexQuantity, input: z.optional(z.string()) })]),
  ),
})

/** Whether a mined transaction is the one a write's step asked the wallet to send. */
function matches(tx: { from: string; to?: string | null | undefined; value: `0x${string}`; input?: string | undefined }, sent: Sent): boolean {
  return sameAddress(tx.from, sent.from) && sameAddress(tx.to, sent.to) && hexToBigInt(tx.value) === BigInt(sent.value ?? 0) && (tx.input || '0x').toLowerCase() === (sent.data ?? '0x').toLowerCase()
}

export type Reconciler = {
  /**
   * Looks for a stored write's transaction in the blocks mined since it was asked, and in each new
   * block, until found (then tracked) or `WRITE_RECONCILE_MS` after it was asked (then its outcome is
   * reported unknown). Shown pending meanwhile, under the write's id.
   */
  reconcile(write: InFlightWrite): Promise<void>
  /** The write is settled elsewhere (its answer came): stop looking for it. */
  forget(writeId: string): void
  dispose(): void
}

export type CreateReconcilerParameters = {
  pending: PendingTransactions
  settle(writeId: string, outcome: WriteResult): Promise<WriteResult>
  pollMs: number
  warn(what: string, error: unknown): void
}

export function createReconciler(ctx: CoreContext, { pending, settle, pollMs, warn }: CreateReconcilerParameters): Reconciler {
  const reconciling = new Set<string>()
  let disposed = false
  const looking = (writeId: string) => reconciling.has(writeId) && !disposed

  /** The block to start from: the last one mined before the wallet was asked (a minute's leeway for clocks), 256 back at most. */
  async function firstBlock(blockAt: (n: bigint) => Promise<z.output<typeof rpcBlockSchema>>, latest: bigint, askedAt: number): Promise<bigint> {
    let from = latest
    while (from > 0n && latest - from < 256n) {
      const block = await blockAt(from)
      if (Number(hexToBigInt(block.timestamp)) * 1000 < askedAt - 60_000) break
      from -= 1n
    }
    return from
  }

  async function search(write: InFlightWrite, sent: Sent): Promise<'found' | 'not found'> {
    const client = ctx.env()!.rpc.client(parseCaipAddress(write.caipAddress).caipNetworkId)!
    const blockAt = async (number: bigint, withTransactions: boolean) =>
      parseWith(rpcBlockSchema, await client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(number), withTransactions] }), 'block')
    let next: bigint | null = null
    while (looking(write.id)) {
      const latest = hexToBigInt(parseWith(hexQuantity, await client.request({ method: 'eth_blockNumber' }), 'block number'))
      next ??= await firstBlock((n) => blockAt(n, false), latest, write.askedAt)
      for (; next <= latest && reconciling.has(write.id); next += 1n) {
        const found = (await blockAt(next, true)).transactions.find((tx) => typeof tx !== 'string' && matches(tx, sent))
        if (found && typeof found !== 'string') {
          if (write.step.tracks) pending.track(found.hash, write.step.tracks, write.id)
          await settle(
            write.id,
            write.step.index === write.step.total ? { status: 'done', writeId: write.id, hash: found.hash } : { status: 'error', writeId: write.id, error: { code: 'SOMETHING_WENT_WRONG' } },
          )
          return 'found'
        }
      }
      if (ctx.now() >= write.askedAt + WRITE_RECONCILE_MS) break
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
    return 'not found'
  }

  return {
    async reconcile(write) {
      const sent = write.step.transaction
      const tracks = write.step.tracks
      const client = ctx.env()?.rpc.client(parseCaipAddress(write.caipAddress).caipNetworkId)
      if (!sent || !client || reconciling.has(write.id)) return
      reconciling.add(write.id)
      if (tracks && !ctx.store.get().pendingTransactions.some((p) => p.writeId === write.id)) {
        pending.set((all) => [{ hash: write.id, writeId: write.id, ...tracks, status: 'pending', submittedAt: write.askedAt }, ...all])
      }
      try {
        if ((await search(write, sent)) === 'found') return
      } catch (error) {
        warn('could not look for a write on chain', error)
      }
      if (!looking(write.id)) return
      ctx.warn(`Portico: the outcome of a ${write.kind} asked at ${new Date(write.askedAt).toISOString()} is unknown: its transaction was not found on chain; it is not sent again`)
      pending.set((all) => all.filter((p) => p.writeId !== write.id))
      await settle(write.id, { status: 'error', writeId: write.id, error: { code: 'WRITE_OUTCOME_UNKNOWN' } })
    },
    forget: (writeId) => void reconciling.delete(writeId),
    dispose() {
      disposed = true
      reconciling.clear()
    },
  }
}
