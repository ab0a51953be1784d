import { analyticsEventSchema, type AnalyticsEvent } from '@portico/shared-types'
import { Hono } from 'hono'
import { z } from 'zod'
import { ADMIN_PREFIX } from '../http/base-app.ts'
import { errorResponse, parseJsonBody } from '../http/errors.ts'

/** An event the sink accepted, with the query it came with. */
export type StoredAnalyticsEvent = { receivedAt: number; query: { projectId: string; st: string; sv: string }; event: AnalyticsEvent }

/** The analytics sink's memory and switches, shared by the routes and the sandbox handle. */
export class AnalyticsStore {
  readonly #events: StoredAnalyticsEvent[] = []
  /** When on, POST /e answers 403 (the origin is not allowlisted). */
  forbidden = false
  /** What GET /getAnalyticsConfig answers. */
  enabled = true

  add(event: StoredAnalyticsEvent): void {
    this.#events.push(event)
  }

  events(): StoredAnalyticsEvent[] {
    return this.#events.map((e) => structuredClone(e))
  }

  clear(): number {
    return this.#events.splice(0).length
  }
}

const switchSchema = z.object({ on: z.boolean() })

/** POST /e and GET /getAnalyticsConfig (need projectId/st/sv), plus the admin routes of the sink. */
export function analyticsRoutes(store: AnalyticsStore): Hono {
  const app = new Hono()
  app.get('/getAnalyticsConfig', (c) => c.json({ isAnalyticsEnabled: store.enabled }))
  app.post('/e', async (c) => {
    if (store.forbidden) return errorResponse(c, 403, 'Origin not allowlisted for this project')
    const body = await parseJsonBody(c, analyticsEventSchema)
    if (!body.ok) return body.response
    const { projectId = '', st = '', sv = '' } = c.req.query()
    store.add({ receivedAt: Date.now(), query: { projectId, st, sv }, event: body.data })
    return c.json({ ok: true }, 202)
  })
  app.get(`${ADMIN_PREFIX}/analytics`, (c) => c.json(store.events()))
  app.delete(`${ADMIN_PREFIX}/analytics`, (c) => c.json({ cleared: store.clear() }))
  app.post(`${ADMIN_PREFIX}/analytics/forbid`, async (c) => {
    const body = await parseJsonBody(c, switchSchema)
    if (!body.ok) return body.response
    store.forbidden = body.data.on
    return c.json({ forbidden: store.forbidden })
  })
  app.post(`${ADMIN_PREFIX}/analytics/enabled`, async (c) => {
    const body = await parseJsonBody(c, switchSchema)
    if (!body.ok) return body.response
    store.enabled = body.data.on
    return c.json({ enabled: store.enabled })
  })
  return app
}
