import { createHash } from 'node:crypto'
import type { Context } from 'hono'

/** Answers `body` with a strong ETag and a day of public caching; 304 when the client has it. */
export function cachedAsset(c: Context, body: string, contentType: string): Response {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  const headers = { etag, 'cache-control': 'public, max-age=86400', 'content-type': contentType }
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers)
  return c.body(body, 200, headers)
}

export const SVG_CONTENT_TYPE = 'image/svg+xml'
