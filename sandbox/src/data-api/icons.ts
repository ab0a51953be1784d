import { Hono } from 'hono'
import { SVG_CONTENT_TYPE, cachedAsset } from '../http/cached-asset.ts'
import { errorResponse } from '../http/errors.ts'
import { escapeXml } from '../svg/svg.ts'

/** Fill colour per symbol of the sandbox; any other symbol gets a grey disc. */
const COLOURS: Readonly<Record<string, string>> = {
  ETH: '#627EEA',
  BEE: '#F5B700',
  SOL: '#9945FF',
  USDC: '#2775CA',
  PTK: '#7B3FE4',
  PTS: '#DB2777',
  FRZ: '#0891B2',
}
const OTHER = '#6B7280'

export function iconUrl(publicUrl: string, symbol: string): string {
  return `${publicUrl}/icons/${encodeURIComponent(symbol.toUpperCase())}.svg`
}

export function iconSvg(symbol: string, colour: string): string {
  const label = escapeXml(symbol.slice(0, 4))
  const size = label.length > 3 ? 18 : 22
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">',
    `<title>${escapeXml(symbol)}</title>`,
    `<circle cx="32" cy="32" r="32" fill="${colour}"/>`,
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text>`,
    '</svg>',
  ].join('')
}

/** GET /icons/{symbol}.svg: a small SVG token icon, so iconUrl works offline. */
export function iconRoutes(): Hono {
  const app = new Hono()
  app.get('/:file', (c) => {
    const match = /^([A-Za-z0-9]{1,12})\.svg$/.exec(c.req.param('file'))
    const symbol = match?.[1]?.toUpperCase()
    if (!symbol) return errorResponse(c, 404, 'Unknown icon')
    return cachedAsset(c, iconSvg(symbol, COLOURS[symbol] ?? OTHER), SVG_CONTENT_TYPE)
  })
  return app
}
