import { Hono } from 'hono'
import { SVG_CONTENT_TYPE, cachedAsset } from '../http/cached-asset.ts'
import { errorResponse } from '../http/errors.ts'
import { colourFor, initials, tileSvg } from '../svg/svg.ts'
import type { CatalogueWallet } from './wallets.ts'

const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/

/**
 * GET /getWalletImage/{image_id} (the wallet's logo) and /public/getAssetImage|getCurrencyImage|
 * getTokenImage/{id} (a generated tile for any id): SVG with a day of public caching and an ETag.
 */
export function catalogueImageRoutes(wallets: readonly CatalogueWallet[]): Hono {
  const byImage = new Map(wallets.filter((w) => w.image_id).map((w) => [w.image_id as string, w]))
  const app = new Hono()
  app.get('/getWalletImage/:id', (c) => {
    const wallet = byImage.get(c.req.param('id'))
    if (!wallet) return errorResponse(c, 404, 'Unknown wallet image')
    const svg = wallet.image.kind === 'svg' ? wallet.image.svg : tileSvg(initials(wallet.name), wallet.image.colour, { title: wallet.name })
    return cachedAsset(c, svg, SVG_CONTENT_TYPE)
  })
  for (const kind of ['Asset', 'Currency', 'Token'] as const) {
    app.get(`/public/get${kind}Image/:id`, (c) => {
      const id = c.req.param('id')
      if (!SAFE_ID.test(id)) return errorResponse(c, 400, 'Invalid image id')
      const label = kind === 'Asset' ? initials(id) : id.slice(0, 4).toUpperCase()
      return cachedAsset(c, tileSvg(label, colourFor(`${kind}:${id}`), { radius: kind === 'Asset' ? 24 : 64, title: id }), SVG_CONTENT_TYPE)
    })
  }
  return app
}
