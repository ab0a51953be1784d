import { expect } from 'vitest'

/** What fetch rejects with when nothing listens on the port: undici's 'fetch failed' TypeError, the refused connection (ECONNREFUSED) as its cause. */
export const REFUSED = expect.objectContaining({ name: 'TypeError', message: 'fetch failed', cause: expect.objectContaining({ code: 'ECONNREFUSED' }) })

/**
 * `fetch(url)` on a new connection. undici may first send the request on a connection it kept alive
 * from an earlier request, which the stopped server closed: that attempt fails 'other side closed'
 * (UND_ERR_SOCKET) and the next opens a new connection. Any other outcome is returned or thrown as is.
 */
export async function fetchPastClosedConnections(url: string): Promise<Response> {
  for (let closed = 0; ; closed++) {
    try {
      return await fetch(url)
    } catch (error) {
      if (closed < 8 && error instanceof TypeError && (error.cause as { code?: unknown } | undefined)?.code === 'UND_ERR_SOCKET') continue
      throw error
    }
  }
}
