import { identityResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { errorResponse } from '../http/errors.ts'
import type { DataApiContext } from './context.ts'
import { avatarUrl } from './images.ts'
import { isParamError, parseAccount } from './params.ts'

/**
 * GET /v1/identity/{address}?sender=: the account's name (its first registered name) and avatar
 * (an image this API serves), or nulls for an account without a name.
 */
export function identityRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/identity/:address', async (c) => {
    const account = parseAccount(ctx, c.req.param('address'))
    if (isParamError(account)) return errorResponse(c, 400, account.error)
    const sender = c.req.query('sender')
    if (sender !== undefined && sender !== '' && isParamError(parseAccount(ctx, sender))) return errorResponse(c, 400, 'Invalid sender address')
    const names = ctx.names ? await ctx.names.namesOf(account.address) : []
    const name = names[0]?.name ?? null
    return c.json(identityResponseSchema.parse({ name, avatar: name ? avatarUrl(ctx.publicUrl, account.address) : null }))
  })
  return app
}
