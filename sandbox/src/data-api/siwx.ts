import { siwxNonceResponseSchema, siwxSessionResponseSchema, siwxVerifyRequestSchema, solanaAddressSchema } from '@portico/shared-types'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { isAddress } from 'viem'
import { z } from 'zod'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { SOLANA_LOCALNET_CAIP_ID } from '../solana/localnet.ts'
import { requestOrigin, SiwxVerifier } from '../siwx/verifier.ts'
import { findChainById, type DataApiContext } from './context.ts'

/** An account that can sign in: an EVM address, or a Solana one (base58). */
const isSignInAddress = (a: string) => isAddress(a, { strict: false }) || solanaAddressSchema.safeParse(a).success
/** A chain as the session API names it: an eip155 chain id, or a Solana cluster's CAIP-2 reference. */
const chainIdSchema = siwxVerifyRequestSchema.shape.chainId
const signOutSchema = z.object({ address: z.string().refine(isSignInAddress, 'Invalid address'), chainId: z.optional(chainIdSchema) })

/** The Solana cluster the sandbox signs in on: its Solana Localnet, when its Solana chain runs. */
const solanaChains = (ctx: DataApiContext) => (ctx.directory.some((s) => s.id === 'solana') ? [SOLANA_LOCALNET_CAIP_ID.slice('solana:'.length)] : [])

/** The project of a request (the /v1 middleware has checked it is there). */
const projectOf = (c: Context) => c.req.query('projectId') ?? ''

/**
 * The SIWX verifier API (the default of Portico's `siwx` option), for eip155 and Solana accounts
 * (Sign In With Solana on the sandbox's Solana Localnet): GET /v1/siwx/nonce, POST
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
    const result = await verifier.verify({ message, signature, chainId, cacao, projectId: projectOf(c), origin: c.req.header('origin') }, (id) => findChainById(ctx, id)?.client, solanaChains(ctx))
    if ('status' in result) return errorResponse(c, result.status, result.error)
    return c.json(siwxSessionResponseSchema.parse({ session: result }))
  })

  app.get('/siwx/session', (c) => {
    const address = c.req.query('address') ?? ''
    const raw = c.req.query('chainId') ?? ''
    // A chain id in digits is eip155's; anything else a Solana cluster's CAIP-2 reference.
    const chainId = chainIdSchema.safeParse(/^\d+$/.test(raw) ? Number(raw) : raw)
    if (!isSignInAddress(address) || !chainId.success) return errorResponse(c, 400, 'Expected address and chainId')
    const session = verifier.session(projectOf(c), address, chainId.data)
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
