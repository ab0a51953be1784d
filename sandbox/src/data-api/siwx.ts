import { siwxNonceResponseSchema, siwxSessionResponseSchema, siwxVerifyRequestSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { isAddress, type Hex } from 'viem'
import { z } from 'zod'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { SiwxVerifier } from '../siwx/verifier.ts'
import { findChainById, type DataApiContext } from './context.ts'

const signOutSchema = z.object({ address: z.string().refine((a) => isAddress(a, { strict: false }), 'Invalid address'), chainId: z.number().int().positive().optional() })

/**
 * The SIWX verifier API (the default of Portico's `siwx` option): GET /v1/siwx/nonce, POST
 * /v1/siwx/verify { message, signature }, GET /v1/siwx/session?address=&chainId=, POST
 * /v1/siwx/sign-out { address, chainId? }.
 */
export function siwxRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const verifier = new SiwxVerifier()

  app.get('/siwx/nonce', (c) => c.json(siwxNonceResponseSchema.parse({ nonce: verifier.nonce() })))

  app.post('/siwx/verify', async (c) => {
    const body = await parseJsonBody(c, siwxVerifyRequestSchema)
    if (!body.ok) return body.response
    const result = await verifier.verify(body.data.message, body.data.signature as Hex, (chainId) => findChainById(ctx, chainId)?.client)
    if ('status' in result) return errorResponse(c, result.status, result.error)
    return c.json(siwxSessionResponseSchema.parse({ session: result }))
  })

  app.get('/siwx/session', (c) => {
    const address = c.req.query('address') ?? ''
    const chainId = Number(c.req.query('chainId'))
    if (!isAddress(address, { strict: false }) || !Number.isInteger(chainId)) return errorResponse(c, 400, 'Expected address and chainId')
    const session = verifier.session(address, chainId)
    if (!session) return errorResponse(c, 404, 'Not signed in')
    return c.json(siwxSessionResponseSchema.parse({ session }))
  })

  app.post('/siwx/sign-out', async (c) => {
    const body = await parseJsonBody(c, signOutSchema)
    if (!body.ok) return body.response
    verifier.signOut(body.data.address, body.data.chainId)
    return c.json({ ok: true })
  })
  return app
}
