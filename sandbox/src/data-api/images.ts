import { Hono } from 'hono'
import { getAddress, isAddress } from 'viem'
import { SVG_CONTENT_TYPE, cachedAsset } from '../http/cached-asset.ts'
import { errorResponse } from '../http/errors.ts'
import { colourFor, escapeXml } from '../svg/svg.ts'
import type { DataApiContext } from './context.ts'

export function avatarUrl(publicUrl: string, address: string): string {
  return `${publicUrl}/avatar/${getAddress(address)}.svg`
}

export function nftImageUrl(publicUrl: string, chainId: number, token: string, tokenId: bigint): string {
  return `${publicUrl}/nft/${chainId}/${getAddress(token)}/${tokenId}.svg`
}

function avatarSvg(address: string): string {
  const a = colourFor(`${address}:a`, 70, 55)
  const b = colourFor(`${address}:b`, 70, 40)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">',
    `<title>Avatar of ${escapeXml(address)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>`,
    '<circle cx="48" cy="48" r="48" fill="url(#g)"/>',
    '</svg>',
  ].join('')
}

function nftSvg(name: string, tokenId: string, spam: boolean, seed: string): string {
  const background = spam ? '#dc2626' : colourFor(seed, 55, 42)
  const caption = spam ? 'CLAIM NOW!' : `#${tokenId}`
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
    `<title>${escapeXml(`${name} #${tokenId}`)}</title>`,
    `<rect width="256" height="256" rx="16" fill="${background}"/>`,
    `<circle cx="128" cy="110" r="56" fill="#fff" fill-opacity="0.25"/>`,
    `<text x="128" y="208" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="28" fill="#fff">${escapeXml(caption)}</text>`,
    '</svg>',
  ].join('')
}

/** GET /avatar/{address}.svg and /nft/{chainId}/{contract}/{tokenId}.svg: generated images. */
export function imageRoutes(ctx: DataApiContext): Hono {
  const app = new Hono()
  app.get('/avatar/:file', (c) => {
    const address = c.req.param('file').replace(/\.svg$/, '')
    if (!isAddress(address, { strict: false })) return errorResponse(c, 404, 'Unknown avatar')
    return cachedAsset(c, avatarSvg(getAddress(address)), SVG_CONTENT_TYPE)
  })
  app.get('/nft/:chainId/:token/:file', (c) => {
    const token = c.req.param('token')
    const tokenId = /^(\d{1,78})\.svg$/.exec(c.req.param('file'))?.[1]
    const chainId = Number(c.req.param('chainId'))
    if (!tokenId || !isAddress(token, { strict: false }) || !Number.isSafeInteger(chainId)) return errorResponse(c, 404, 'Unknown NFT')
    const meta = ctx.assets.nft(chainId, getAddress(token))
    return cachedAsset(c, nftSvg(meta?.name ?? 'NFT', tokenId, meta?.spam ?? false, `${chainId}:${token.toLowerCase()}`), SVG_CONTENT_TYPE)
  })
  return app
}
