import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { faultAdminRoutes } from '../faults/admin.ts'
import { faultMiddleware } from '../faults/middleware.ts'
import type { FaultStore } from '../faults/store.ts'
import { errorResponse } from './errors.ts'
import type { RequestLog } from './request-log.ts'

/** Test hooks live under this prefix: no projectId needed, never logged, never faulted. */
export const ADMIN_PREFIX = '/__admin'

export type BaseAppOptions = {
  name: string
  log: RequestLog
  faults: FaultStore
  /** Open CORS on every route (default true); false for a service that answers its own origin only. */
  cors?: boolean
}

/**
 * What every sandbox server shares: the request log, open CORS (the callers are a SharedWorker and
 * pages on other origins), fault injection, the admin routes for both, and JSON 404/500 answers.
 * Mount the service's own routes on the returned app.
 */
export function createBaseApp({ name, log, faults, cors: openCors = true }: BaseAppOptions): Hono {
  const app = new Hono()
  app.use('*', async (c, next) => {
    const path = c.req.path
    const entry = path.startsWith(ADMIN_PREFIX) ? undefined : log.record({ method: c.req.method, path, query: c.req.query(), time: Date.now() })
    await next()
    if (entry) entry.status = c.res.status
  })
  if (openCors) {
    app.use(
      '*',
      cors({
        origin: '*',
        allowMethods: ['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS'],
        exposeHeaders: ['Retry-After', 'ETag', 'X-Portico-Fault'],
        maxAge: 600,
      }),
    )
  }
  app.use('*', faultMiddleware(faults, ADMIN_PREFIX))
  app.get(`${ADMIN_PREFIX}/requests`, (c) => c.json(log.list()))
  app.delete(`${ADMIN_PREFIX}/requests`, (c) => c.json({ cleared: log.clear() }))
  app.route(`${ADMIN_PREFIX}/faults`, faultAdminRoutes(faults))
  app.notFound((c) => errorResponse(c, 404, 'Not found'))
  app.onError((err, c) => {
    console.error(`[${name}]`, err)
    return errorResponse(c, 500, err instanceof Error ? err.message : 'Internal error')
  })
  return app
}
