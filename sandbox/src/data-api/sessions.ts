import { revokeSessionRequestSchema, smartSessionSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import type { DataApiContext } from './context.ts'

/**
 * GET /v1/sessions/{pci}: one smart session; POST /v1/sessions/{pci}/revoke { pci, signature }:
 * revokes it when `signature` is the granting account's personal_sign of the pci.
 */
export function sessionRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/sessions/:id', (c) => {
    const session = ctx.sessions.get(c.req.param('id'))
    if (!session) return errorResponse(c, 404, 'Session not found')
    return c.json(smartSessionSchema.parse(session))
  })
  app.post('/sessions/:id/revoke', async (c) => {
    const body = await parseJsonBody(c, revokeSessionRequestSchema)
    if (!body.ok) return body.response
    if (body.data.pci !== c.req.param('id')) return errorResponse(c, 400, 'pci does not match the session in the path')
    const result = await ctx.sessions.revoke(body.data.pci, body.data.signature as `0x${string}`)
    if (!result.ok) return errorResponse(c, result.status, result.error)
    return c.json(smartSessionSchema.parse(result.session))
  })
  return app
}
