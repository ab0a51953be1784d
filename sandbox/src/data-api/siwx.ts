import { siwxNonceResponseSchema, siwxSessionResponseSchema, siwxVerifyRequestSchema } from '@portico/shared-types'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { isAddress, type Hex } from 'viem'
import { z } from 'zod'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { requestOrigin, SiwxVerifier } from '../siwx/verifier.ts'
import { findChainById, type DataApiContext } from './context.ts'

const signOutSchema = z.object({ address: z.string().refine((a) => isAddress(a, { strict: false }), 'Invalid address'), chainId: z.number().int().positive().optional() })

/** The project of a request (the /v1 middleware has checked it is there). */
const projectOf = (c: Context) => c.req.query('projectId') ?? ''

/**
 * The SIWX verifier API (the default of Portico's `siwx` option): GET /v1/siwx/nonce, POST
 * /v1/siwx/verify { message, signature, chainId, cacao? }, GET /v1/siwx/session?address=&chainId=,
 * POST /v1/siwx/sign-out { address, chainId? }. Nonces and sessions belong to the request's
 * `projectId`; a verification and a sign-out are bound to the browser's `Origin` header.
 */
export function siwxRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const verifier = new SiwxVerifier()

  app.get('/siwx/nonce', (c) => c.json(siwxNonceResponseSchema.parse({ nonce: verifier.nonce(projectOf(c), requestOrigin(c.req.header('origin'))) })))

  app.post('/siwx/verify', async (c) => {
    const body = await parseJsonBody(c, siwxVerifyRequestSchema)
    if (!body.ok) return body.response
    const { message, signature, chainId, cacao } = body.data
    const result = await verifier.verify({ message, signature: signature as Hex, chainId, cacao, projectId: projectOf(c), origin: c.req.header('origin') }, (id) => findChainById(ctx, id)?.client)
    if ('status' in result) return errorResponse(c, result.status, result.error)
    return c.json(siwxSessionResponseSchema.parse({ session: result }))
  })

  app.get('/siwx/session', (c) => {
    const address = c.req.query('address') ?? ''
    const chainId = Number(c.req.query('chainId'))
    if (!isAddress(address, { strict: false }) || !Number.isInteger(chainId)) return errorResponse(c, 400, 'Expected address and chainId')
    const session = verifier.session(projectOf(c), address, chainId)
    if (!session) return errorResponse(c, 404, 'Not signed in')
    return c.json(siwxSessionResponseSchema.parse({ session }))
  })

  app.post('/siwx/sign-out', async (c) => {
    const origin = requestOrigin(c.req.header('origin'))
    if (!origin) return errorResponse(c, 403, 'Missing Origin: a sign-out comes from the page that signed in')
    const body = await parseJsonBody(c, signOutSchema)
    if (!body.ok) return body.response
    verifier.signOut(projectOf(c), body.data.address, origin, body.data.chainId)
    return c.json({ ok: true })
  })
  return app
}
