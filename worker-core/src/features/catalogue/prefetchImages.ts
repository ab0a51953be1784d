import { prefetchImageQueryKey, hashQueryKey } from '@portico/shared-types/queries'
import { IMAGE_PRELOAD_TIMEOUT_MS } from '@portico/shared-types/constants'
import { PorticoError } from '@portico/shared-types/errors'
import type { HttpClient } from '../../infra/http.ts'
import type { QueryOptions } from '../../infra/queryCache.ts'

export type PrefetchImagesParameters = {
  /** The client of the service that serves the images (the wallet catalogue). */
  http: Pick<HttpClient, 'getBlob' | 'url'>
  /** Image paths on that service, e.g. `getWalletImage/{id}`. */
  paths: readonly string[]
  timeoutMs?: number
}
/** The URLs (with the query fields) of the images that were fetched. */
export type PrefetchImagesReturnType = string[]
export type PrefetchImagesErrorType = never

/**
 * Fetches images through the HTTP layer (query fields, retries, de-duplication, counted like every
 * other request) so the browser's HTTP cache and the service worker's cache serve them when the modal
 * shows them. Best effort: each is given up after 2 s (SPEC.md §9), the request going on in the
 * background, and a failure is skipped.
 *
 * @example
 * await prefetchImages({ http: catalogue, paths: wallets.slice(0, 20).map((w) => `getWalletImage/${w.image_id}`) })
 */
export async function prefetchImages({ http, paths, timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS }: PrefetchImagesParameters): Promise<PrefetchImagesReturnType> {
  const results = await Promise.all(
    paths.map(async (path) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const giveUp = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs)
      })
      try {
        const fetched = http.getBlob(path, { timeoutMs }).then(
          () => http.url(path),
          () => null,
        )
        return await Promise.race([fetched, giveUp])
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return results.filter((u): u is string => u !== null)
}

/**
 * One image fetched once for every tab, kept for the core's life (the bytes live in the browser's and
 * the service worker's caches); a failed fetch is not kept, so the next look tries again.
 */
export function prefetchImageQueryOptions(http: PrefetchImagesParameters['http'], path: string): QueryOptions<true> {
  return {
    key: hashQueryKey(prefetchImageQueryKey({ url: http.url(path) })),
    ttlMs: Number.POSITIVE_INFINITY,
    async fetch() {
      const [done] = await prefetchImages({ http, paths: [path] })
      if (!done) throw new PorticoError('Image not fetched', { details: path })
      return true
    },
  }
}
