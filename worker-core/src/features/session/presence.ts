import type { Feature } from '../feature.ts'

/**
 * How the tabs and the core keep in touch: online state and visibility as the tabs see them (the
 * worker has neither), the SPEC.md §9 heartbeat, the §7 startup ping, and the scripts the worker
 * loaded (for a service worker that arrived after them).
 */
export const presenceApi: Feature<'setOnline' | 'setVisibility' | 'heartbeat' | 'ping' | 'loadedScripts'> = (ctx, { account }) => {
  let pinged = false
  return {
    async setOnline(isOnline) {
      await ctx.ready
      if (ctx.online.setOnline(isOnline)) await account.last()
    },
    async setVisibility(tabId, visible) {
      await ctx.ready
      if (ctx.focus.setVisibility(tabId, visible)) await account.last()
    },
    heartbeat: async () => ctx.store.get().revision,
    async ping() {
      await ctx.ready
      const state = ctx.store.get()
      const env = ctx.env()
      if (pinged || !env || !state.activeCaipNetworkId) return
      pinged = true
      await env.rpc.ping(state.activeCaipNetworkId).catch(() => undefined)
    },
    async loadedScripts() {
      const own = typeof location === 'undefined' ? [] : [location.href]
      const fetched = typeof performance === 'undefined' ? [] : performance.getEntriesByType('resource').map((entry) => entry.name)
      return [...new Set([...own, ...fetched])].filter((url) => /\.m?js(?:$|\?)/.test(url))
    },
  }
}
