import type { Hono } from 'hono'
import { createBaseApp } from '../http/base-app.ts'
import { requireProjectQuery } from '../http/project-query.ts'
import { findChainById, type DataApiContext } from './context.ts'
import { explorerRoutes } from './explorer.ts'
import { healthRoutes } from './health.ts'
import { iconRoutes } from './icons.ts'
import { imageRoutes } from './images.ts'
import { onrampCheckoutRoutes } from './onramp-checkout.ts'
import { rpcProxyRoutes } from './rpc-proxy.ts'
import { V1_ROUTE_GROUPS } from './v1-routes.ts'

/** The blockchain-data API as a Hono app (no server): the shared base, then its routes. */
export function createDataApiApp(ctx: DataApiContext): Hono {
  const app = createBaseApp({ name: 'data-api', log: ctx.log, faults: ctx.faults })
  app.route('/', healthRoutes(ctx))
  app.route('/icons', iconRoutes())
  app.route('/', imageRoutes(ctx))
  app.route('/explorer', explorerRoutes(ctx))
  app.route('/onramp', onrampCheckoutRoutes(ctx))
  app.route(
    '/',
    rpcProxyRoutes((chainId) => findChainById(ctx, chainId)?.chain.rpcUrl),
  )
  app.use('/v1/*', requireProjectQuery)
  for (const group of V1_ROUTE_GROUPS) app.route('/v1', group(ctx))
  return app
}
