import { projectQuerySchema } from '@portico/shared-types'
import type { MiddlewareHandler } from 'hono'
import { errorResponse } from './errors.ts'

/** SPEC.md §7: every data API call carries projectId, st (sdk type) and sv (sdk version). */
export const requireProjectQuery: MiddlewareHandler = async (c, next) => {
  const parsed = projectQuerySchema.safeParse(c.req.query())
  if (!parsed.success) {
    const missing = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))]
    const noun = missing.length === 1 ? 'parameter' : 'parameters'
    return errorResponse(c, 400, `Missing required query ${noun}: ${missing.join(', ')}`)
  }
  await next()
  return undefined
}
