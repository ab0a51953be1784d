import { getWalletsQuerySchema, getWalletsResponseSchema } from '@portico/shared-types'
import type { Hono } from 'hono'
import type { FaultStore } from '../faults/store.ts'
import { createBaseApp } from '../http/base-app.ts'
import { parseQuery } from '../http/errors.ts'
import { requireProjectQuery } from '../http/project-query.ts'
import type { RequestLog } from '../http/request-log.ts'
import { analyticsRoutes, type AnalyticsStore } from './analytics.ts'
import { catalogueImageRoutes } from './images.ts'
import { queryWallets } from './query.ts'
import type { CatalogueWallet } from './wallets.ts'

export type CatalogueContext = { wallets: readonly CatalogueWallet[]; analytics: AnalyticsStore; log: RequestLog; faults: FaultStore }

/**
 * The wallet catalogue and the analytics sink (SPEC.md §7) as one Hono app. Listing, config and
 * events need projectId/st/sv; images do not (pages load them by URL too).
 */
export function createCatalogueApp(ctx: CatalogueContext): Hono {
  const app = createBaseApp({ name: 'catalogue', log: ctx.log, faults: ctx.faults })
  for (const path of ['/getWallets', '/getAnalyticsConfig', '/e']) app.use(path, requireProjectQuery)
  app.get('/getWallets', (c) => {
    const query = parseQuery(c, getWalletsQuerySchema)
    if (!query.ok) return query.response
    return c.json(getWalletsResponseSchema.parse(queryWallets(ctx.wallets, query.data)))
  })
  app.route('/', catalogueImageRoutes(ctx.wallets))
  app.route('/', analyticsRoutes(ctx.analytics))
  app.get('/health', (c) => c.json({ ok: true, wallets: ctx.wallets.length }))
  return app
}
