import { Hono } from 'hono'
import type { RequestLog } from './request-log.ts'

/** Test hooks, outside /v1 so they need no projectId: read and clear the request log. */
export function adminRoutes(log: RequestLog): Hono {
  const app = new Hono()
  app.get('/requests', (c) => c.json(log.list()))
  app.delete('/requests', (c) => c.json({ cleared: log.clear() }))
  return app
}
