/**
 * Cache names and bounds of Portico's service worker. A cache name carries the format version: a
 * change of what a cache holds bumps it, and the new worker deletes every older `portico-` cache when
 * it activates.
 */
export const CACHE_PREFIX = 'portico'

/** Wallet, asset, currency and token images of the catalogue: cache-first. */
export const IMAGE_CACHE = 'portico-images-v1'
export const IMAGE_CACHE_MAX_ENTRIES = 300
export const IMAGE_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

/** Catalogue answers (GET /getWallets pages and searches): stale-while-revalidate. */
export const CATALOGUE_CACHE = 'portico-catalogue-v1'
export const CATALOGUE_CACHE_MAX_ENTRIES = 60
export const CATALOGUE_CACHE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

/** The host's hashed files outside the shell, kept when first fetched: one cache per build, `portico-assets-v1-<build>`. */
export const ASSETS_CACHE_PREFIX = 'portico-assets-v1-'

/** Workbox's precache (the host's shell) is named `portico-precache-v1-<scope>`. */
export const PRECACHE_NAME = 'precache-v1'

/** The file name the Vite plugin emits and the provider registers by default. */
export const SERVICE_WORKER_FILE = 'portico-service-worker.js'

/** The message workbox-window's `messageSkipWaiting()` posts. */
export const SKIP_WAITING = 'SKIP_WAITING'
/** Asks the worker for its build id and cache names (answered on the message's port). */
export const GET_VERSION = 'GET_VERSION'
/** Asks the worker to cache catalogue URLs the page fetched before the worker controlled it (Workbox's message shape). */
export const CACHE_URLS = 'CACHE_URLS'
/** At most this many URLs in one CACHE_URLS message. */
export const CACHE_URLS_MAX = 200

/** Every cache this version of the worker owns (precache aside, which Workbox names itself). */
export const CURRENT_CACHES: readonly string[] = [IMAGE_CACHE, CATALOGUE_CACHE]

/** True for a cache an older version of this worker left behind. */
export function isOutdatedCache(name: string, precacheName: string): boolean {
  return name.startsWith(`${CACHE_PREFIX}-`) && !CURRENT_CACHES.includes(name) && name !== precacheName
}
