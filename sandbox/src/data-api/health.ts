import { Hono } from 'hono'
import type { DataApiContext } from './context.ts'

/** GET /health: 200 while the server is up, with the chains it serves and how far it indexed them. */
export function healthRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/health', (c) =>
    c.json({
      ok: true,
      chains: ctx.chains.map((x) => x.chain.caipNetworkId),
      indexed: Object.fromEntries(ctx.history.indexers.map((i) => [`eip155:${i.chainId}`, { height: Number(i.height), transactions: i.transactionCount }])),
    }),
  )
  return app
}
