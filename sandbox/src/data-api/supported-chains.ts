import { supportedChainsResponseSchema } from '@portico/shared-types'
import { Hono } from 'hono'
import { SOLANA_LOCALNET_CAIP_ID } from '../solana/localnet.ts'
import type { DataApiContext } from './context.ts'

/**
 * GET /v1/supported-chains: the sandbox's EVM chains, and its Solana Localnet when the Solana chain
 * runs (its balances are served too), by CAIP-2 id (HTTP only; no websocket RPC).
 */
export function supportedChainsRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/supported-chains', (c) => {
    const solana = ctx.directory.some((s) => s.id === 'solana') ? [SOLANA_LOCALNET_CAIP_ID] : []
    return c.json(supportedChainsResponseSchema.parse({ http: [...ctx.chains.map((x) => x.chain.caipNetworkId), ...solana], ws: [] }))
  })
  return app
}
