import { coinTypeForChainId, nameSuggestionsResponseSchema, profileAccountSchema, profileReverseResponseSchema, registerNameRequestSchema } from '@portico/shared-types'
import { Hono, type Context } from 'hono'
import { errorResponse, parseJsonBody } from '../http/errors.ts'
import { NAME_PROBLEM_MESSAGES, acceptedSuffixes, normalizeName } from '../names/name-rules.ts'
import { toProfile } from '../names/profile.ts'
import { NameTakenError, type NameRegistry } from '../names/registry.ts'
import { suggestNames } from '../names/suggestions.ts'
import { verifyRegistration } from '../names/registration.ts'
import { findChainById, type DataApiContext } from './context.ts'
import { isParamError, parseAccount } from './params.ts'

/**
 * The account-name calls of SPEC.md §7, over PorticoNames on the names chain:
 * GET /v1/profile/account/{name}, /reverse/{address}, /suggestions/{name}; POST /v1/profile/account.
 */
export function profileRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  const registry = (c: Context): NameRegistry | Response => ctx.names ?? errorResponse(c, 503, 'Names are not available on this sandbox')
  const coinTypes = new Set(ctx.chains.map((x) => coinTypeForChainId(x.chain.chainId)))

  app.get('/profile/account/:name', async (c) => {
    const names = registry(c)
    if (names instanceof Response) return names
    const name = normalizeName(c.req.param('name'), ctx.nameSuffix)
    if (typeof name === 'string') return errorResponse(c, 400, NAME_PROBLEM_MESSAGES[name](acceptedSuffixes(ctx.nameSuffix)))
    const record = await names.resolve(name.name)
    if (!record) return errorResponse(c, 404, `Name ${name.name} is not registered`)
    return c.json(profileAccountSchema.parse(toProfile(record)))
  })

  app.get('/profile/reverse/:address', async (c) => {
    const names = registry(c)
    if (names instanceof Response) return names
    const account = parseAccount(ctx, c.req.param('address'))
    if (isParamError(account)) return errorResponse(c, 400, account.error)
    const records = await names.namesOf(account.address)
    return c.json(profileReverseResponseSchema.parse(records.map(toProfile)))
  })

  app.get('/profile/suggestions/:name', async (c) => {
    const names = registry(c)
    if (names instanceof Response) return names
    const name = normalizeName(c.req.param('name'), ctx.nameSuffix)
    if (typeof name === 'string') return errorResponse(c, 400, NAME_PROBLEM_MESSAGES[name](acceptedSuffixes(ctx.nameSuffix)))
    return c.json(nameSuggestionsResponseSchema.parse({ suggestions: await suggestNames(names, name.label, name.suffix) }))
  })

  app.post('/profile/account', async (c) => {
    const names = registry(c)
    if (names instanceof Response) return names
    const body = await parseJsonBody(c, registerNameRequestSchema)
    if (!body.ok) return body.response
    const client = findChainById(ctx, names.chainId)?.client
    if (!client) return errorResponse(c, 503, 'The names chain is not available')
    const verified = await verifyRegistration(body.data, { coinTypes, nameSuffix: ctx.nameSuffix, client })
    if ('status' in verified) return errorResponse(c, verified.status, verified.error)
    try {
      const record = await names.register(verified.name, verified.owner, verified.coinType)
      return c.json(profileAccountSchema.parse(toProfile(record)))
    } catch (err) {
      if (err instanceof NameTakenError) return errorResponse(c, 409, `Name ${verified.name} is already registered`)
      throw err
    }
  })
  return app
}
