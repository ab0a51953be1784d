import type { Feature } from '../feature.ts'

/** Analytics events, sent for every tab with the visitor's consent. */
export const analyticsApi: Feature<'track'> = (ctx, { analytics }) => ({
  async track(params) {
    await ctx.ready
    analytics.track(params)
  },
})
