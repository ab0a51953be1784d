import { Hono } from 'hono'
import { errorResponse } from '../http/errors.ts'
import { faultRulesSchema } from './rules.ts'
import type { FaultStore } from './store.ts'

/**
 * GET /__admin/faults lists the rules, POST replaces them (one rule or a list), PATCH adds, DELETE
 * clears. Every server of the sandbox mounts these on the same store.
 */
export function faultAdminRoutes(store: FaultStore): Hono {
  const app = new Hono()
  const parseBody = async (body: Promise<unknown>) => faultRulesSchema.safeParse(await body.catch(() => undefined))
  app.get('/', (c) => c.json(store.list()))
  app.post('/', async (c) => {
    const parsed = await parseBody(c.req.json())
    if (!parsed.success) return errorResponse(c, 400, `Invalid fault rule: ${parsed.error.issues[0]?.message ?? 'invalid body'}`)
    return c.json(store.set(parsed.data))
  })
  app.patch('/', async (c) => {
    const parsed = await parseBody(c.req.json())
    if (!parsed.success) return errorResponse(c, 400, `Invalid fault rule: ${parsed.error.issues[0]?.message ?? 'invalid body'}`)
    return c.json(parsed.data.map((r) => store.add(r)))
  })
  app.delete('/', (c) => c.json({ cleared: store.clear() }))
  return app
}
