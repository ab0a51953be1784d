import { parseWith, RECORDS, siwxSessionSchema, type CaipNetworkId, type RemoveSiwxSessionsParameters, type SiwxSession } from '@portico/shared-types'
import { z } from 'zod'
import type { CoreContext } from './context.ts'

export type SiwxFeature = {
  add(session: SiwxSession): Promise<void>
  remove(params?: RemoveSiwxSessionsParameters): Promise<void>
  /**
   * Signs an account out everywhere: its sessions leave every tab and IndexedDB, and the verifier
   * (POST v1/siwx/sign-out) forgets them; the verifier is asked best effort.
   */
  signOut(address: string): Promise<void>
  /** The chains `address` is signed in on. */
  chainsOf(address: string): CaipNetworkId[]
  /** Sessions still valid at `now` (expired ones are dropped when restored). */
  valid(sessions: readonly SiwxSession[], now: number): SiwxSession[]
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** SIWX sessions (the sign-in tokens), persisted and pushed to every tab. */
export function createSiwx(ctx: CoreContext): SiwxFeature {
  const valid = (sessions: readonly SiwxSession[], now: number) =>
    sessions.filter((s) => !s.data.expirationTime || !(Date.parse(s.data.expirationTime) <= now))

  async function save(siwxSessions: SiwxSession[]) {
    ctx.store.set({ siwxSessions })
    await ctx.records.write(RECORDS.siwxSessions, siwxSessions)
  }

  return {
    valid,
    chainsOf: (address) => [...new Set(ctx.store.get().siwxSessions.filter((s) => sameAddress(s.data.accountAddress, address)).map((s) => s.data.chainId))],
    async add(input) {
      await ctx.ready
      const session = parseWith(siwxSessionSchema, input, 'SIWX session')
      const others = ctx.store
        .get()
        .siwxSessions.filter((s) => !(s.data.chainId === session.data.chainId && sameAddress(s.data.accountAddress, session.data.accountAddress)))
      await save(valid([...others, session], ctx.now()))
    },
    async signOut(address) {
      await ctx.ready
      const had = ctx.store.get().siwxSessions.some((s) => sameAddress(s.data.accountAddress, address))
      if (!had) return
      await this.remove({ address })
      await ctx
        .env()
        ?.api.post('v1/siwx/sign-out', { body: { address }, schema: z.object({ ok: z.boolean() }), what: 'SIWX sign-out' })
        .catch(() => undefined)
    },
    async remove({ caipNetworkId, address } = {}) {
      await ctx.ready
      const keep = ctx.store
        .get()
        .siwxSessions.filter(
          (s) => !((caipNetworkId === undefined || s.data.chainId === caipNetworkId) && (address === undefined || sameAddress(s.data.accountAddress, address))),
        )
      await save(keep)
    },
  }
}
