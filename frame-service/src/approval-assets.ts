import type { Hono } from 'hono'
import { FRAME_CSS } from './pages.ts'
import { APPROVAL_CHAINS_PATH, approvalChainsSchema } from './page/reads.ts'
import type { FrameChain } from './rpc.ts'

/**
 * What the frame page's approval needs from its own service besides the API: its stylesheet and, for
 * each chain, the name, native currency and USD price it describes values with. Public, the same for
 * every visitor; the page reads it from its own origin.
 */
export function approvalAssetRoutes(app: Hono, chains: readonly FrameChain[], usdPrices: Readonly<Record<string, number>>): void {
  const body = approvalChainsSchema.parse({
    chains: chains.map((chain) => {
      const { name, symbol, decimals } = chain.viemChain.nativeCurrency
      const usd = usdPrices[symbol]
      return { id: chain.id, name: chain.name, nativeCurrency: { name, symbol, decimals }, ...(usd === undefined ? {} : { usd }) }
    }),
  })
  app.get('/assets/frame.css', (c) => c.body(FRAME_CSS, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }))
  app.get(APPROVAL_CHAINS_PATH, (c) => c.json(body, 200, { 'cache-control': 'no-cache' }))
}
