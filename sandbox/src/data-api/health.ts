import { Hono } from 'hono'
import type { DataApiContext } from './context.ts'

/**
 * GET /health: 200 while the server is up, with the chains it serves, how far it indexed them, and
 * every service of the sandbox with its URLs (what a second `npm start` prints).
 */
export function healthRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/health', (c) =>
    c.json({
      ok: true,
      chains: ctx.chains.map((x) => x.chain.caipNetworkId),
      indexed: Object.fromEntries(ctx.history.indexers.map((i) => [`eip155:${i.chainId}`, { height: Number(i.height), transactions: i.transactionCount }])),
      services: ctx.directory.map((s) => ({ id: s.id, name: s.name, endpoints: s.endpoints.map((e) => ({ label: e.label, url: e.url })) })),
    }),
  )
  return app
}
