import { Hono } from 'hono'
import type { DataApiContext } from './context.ts'

/** GET /health: 200 while the server is up, with the chains it serves. */
export function healthRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/health', (c) => c.json({ ok: true, chains: ctx.chains.map((x) => x.chain.caipNetworkId) }))
  return app
}
