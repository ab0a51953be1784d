import { IMAGE_PRELOAD_TIMEOUT_MS } from '@portico/shared-types/constants'

export type PrefetchImagesParameters = {
  urls: readonly string[]
  fetch: typeof fetch
  timeoutMs?: number
}
/** The URLs that were fetched. */
export type PrefetchImagesReturnType = string[]
export type PrefetchImagesErrorType = never

/**
 * Fetches images so the browser's HTTP cache (and the service worker's cache) serve them when the
 * modal shows them. Best effort: each gives up after 2 s (SPEC.md §9) and a failure is skipped.
 *
 * @example
 * await prefetchImages({ urls: wallets.slice(0, 20).map((w) => w.imageUrl), fetch })
 */
export async function prefetchImages({ urls, fetch, timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS }: PrefetchImagesParameters): Promise<PrefetchImagesReturnType> {
  const results = await Promise.all(
    urls.map(async (url) => {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), timeoutMs)
      try {
        const response = await fetch(url, { signal: controller.signal })
        if (!response.ok) return null
        await response.arrayBuffer()
        return url
      } catch {
        return null
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return results.filter((u): u is string => u !== null)
}
