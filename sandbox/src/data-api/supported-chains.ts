import { supportedChainsResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import type { DataApiContext } from './context.ts'

/** GET /v1/supported-chains: the sandbox chains, by CAIP-2 id (HTTP only; no websocket RPC). */
export function supportedChainsRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/supported-chains', (c) => c.json(supportedChainsResponseSchema.parse({ http: ctx.chains.map((x) => x.chain.caipNetworkId), ws: [] })))
  return app
}
