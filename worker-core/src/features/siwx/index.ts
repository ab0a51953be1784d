import type { Feature } from '../feature.ts'

/** Sign-in sessions (SIWX) in every tab, and the sign-outs a dapp is told of once. */
export const siwxApi: Feature<'addSiwxSession' | 'removeSiwxSessions' | 'takeSiwxSignOut'> = (ctx, { siwx }) => ({
  addSiwxSession: (session) => siwx.add(session),
  removeSiwxSessions: (params) => siwx.remove(params),
  async takeSiwxSignOut(id) {
    await ctx.ready
    const before = ctx.store.get().siwxSignOuts
    if (!before.some((s) => s.id === id)) return false
    ctx.store.set({ siwxSignOuts: before.filter((s) => s.id !== id) })
    return true
  },
})
