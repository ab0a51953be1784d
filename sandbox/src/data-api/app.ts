import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { adminRoutes } from './admin.ts'
import type { DataApiContext } from './context.ts'
import { errorResponse } from './errors.ts'
import { explorerRoutes } from './explorer.ts'
import { healthRoutes } from './health.ts'
import { iconRoutes } from './icons.ts'
import { requireProjectQuery } from './project-query.ts'
import { V1_ROUTE_GROUPS } from './v1-routes.ts'

const ADMIN_PREFIX = '/__admin'

/** The blockchain-data API as a Hono app (no server): open CORS, request log, routes. */
export function createDataApiApp(ctx: DataApiContext): Hono {
  const app = new Hono()

  app.use('*', async (c, next) => {
    const path = c.req.path
    const entry = path.startsWith(ADMIN_PREFIX) ? undefined : ctx.log.record({ method: c.req.method, path, query: c.req.query(), time: Date.now() })
    await next()
    if (entry) entry.status = c.res.status
  })
  // The caller is a SharedWorker on another origin (the demo on :5173); any origin may read.
  app.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'], maxAge: 600 }))

  app.route('/', healthRoutes(ctx))
  app.route(ADMIN_PREFIX, adminRoutes(ctx.log))
  app.route('/icons', iconRoutes())
  app.route('/explorer', explorerRoutes(ctx))
  app.use('/v1/*', requireProjectQuery)
  for (const group of V1_ROUTE_GROUPS) app.route('/v1', group(ctx))

  app.notFound((c) => errorResponse(c, 404, 'Not found'))
  app.onError((err, c) => {
    console.error('[data-api]', err)
    return errorResponse(c, 500, err instanceof Error ? err.message : 'Internal error')
  })
  return app
}
