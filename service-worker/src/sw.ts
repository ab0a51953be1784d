/**
 * Portico's service worker. Built into one classic script (IIFE) that the host serves at its root
 * as `portico-service-worker.js` (the Vite plugin does it, or a plain file copy, see README.md).
 *
 * - Catalogue images: cache-first, at most 300 entries for 7 days, only 200 answers kept.
 * - Catalogue pages and searches: stale-while-revalidate, at most 60 entries for 7 days.
 * - The host's shell (the document, its entry and static imports): precached, so a fresh tab loads with
 *   the network gone. The host's other hashed files (the modal, the core's worker, feature views): kept
 *   cache-first when first fetched, or handed over by the page (CACHE_URLS) when it fetched them before
 *   this worker was there; a file nobody fetched is never downloaded for the cache.
 * - Everything else goes to the network untouched: the blockchain-data API and chain RPCs are cached by
 *   the core with the specification's TTLs, never served stale from here.
 * - A new version waits until the page says `SKIP_WAITING` (workbox-window's `messageSkipWaiting()`),
 *   then takes every tab at once; each tab reloads on the change, so none runs a mix of versions.
 */
import { cacheNames, clientsClaim, setCacheNameDetails } from 'workbox-core'
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, Route, Router } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import {
  ASSETS_CACHE_PREFIX,
  CACHE_PREFIX,
  CATALOGUE_CACHE,
  CATALOGUE_CACHE_MAX_AGE_SECONDS,
  CATALOGUE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_SECONDS,
  IMAGE_CACHE_MAX_ENTRIES,
  isOutdatedCache,
  PRECACHE_NAME,
  CACHE_URLS,
  GET_VERSION,
  SKIP_WAITING,
} from './constants.ts'
import { readPageMessage, readServiceWorkerOptions } from './options.ts'
import { isCatalogueImageRequest, isCatalogueListingRequest, isHashedAsset, navigationDenylist } from './routes.ts'

type PrecacheEntry = { url: string; revision: string | null }
type WaitUntilEvent = Event & { waitUntil(promise: Promise<unknown>): void }
type MessageFromPage = WaitUntilEvent & { data: unknown; ports: readonly MessagePort[] }
type ExtendableEvent = Parameters<Router['handleRequest']>[0]['event']
type ServiceWorkerScope = {
  location: Location
  registration: { scope: string }
  /** Replaced with the host's file list at build time (the Vite plugin, or workbox-build's injectManifest). */
  __WB_MANIFEST: PrecacheEntry[] | undefined
  skipWaiting(): Promise<void>
  addEventListener(type: 'activate', listener: (event: WaitUntilEvent) => void): void
  addEventListener(type: 'message', listener: (event: MessageFromPage) => void): void
}
declare const self: ServiceWorkerScope

/** The version of this worker, replaced at build time (a hash of the worker and the host's files). */
declare const __PORTICO_SW_BUILD__: string
const build = typeof __PORTICO_SW_BUILD__ === 'string' ? __PORTICO_SW_BUILD__ : 'dev'
/**
 * The host's hashed files outside the shell (set at build time): the build's assets folder relative to
 * this worker (`"assets/"`: any hashed file in it), or the list of files when the host picked some out.
 */
declare const __PORTICO_SW_ASSETS__: string | readonly string[]
const assetFiles: string | readonly string[] =
  typeof __PORTICO_SW_ASSETS__ === 'string' || (typeof __PORTICO_SW_ASSETS__ === 'object' && Array.isArray(__PORTICO_SW_ASSETS__)) ? __PORTICO_SW_ASSETS__ : []
/** For each of those files, the files it imports statically (set at build time). */
declare const __PORTICO_SW_IMPORTS__: Readonly<Record<string, readonly string[]>>
const assetImports: Readonly<Record<string, readonly string[]>> = typeof __PORTICO_SW_IMPORTS__ === 'object' && __PORTICO_SW_IMPORTS__ !== null ? __PORTICO_SW_IMPORTS__ : {}

const options = readServiceWorkerOptions(self.location.href)
if (options.problems.length > 0) console.warn(`[portico-sw] ignoring the worker's query: ${options.problems.join('; ')}`)

setCacheNameDetails({ prefix: CACHE_PREFIX, precache: PRECACHE_NAME })

// The host's shell. The manifest is the host's build output; in development it is empty.
const manifest = self.__WB_MANIFEST ?? []
precacheAndRoute(manifest)
cleanupOutdatedCaches()
if (getCacheKeyForURL('index.html')) {
  // Any navigation in scope opens the single-page shell (deep links too), offline included; API
  // paths, the worker's own file and files with an extension go to the network.
  registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: navigationDenylist(new URL(self.registration.scope).pathname) }))
}

const onlyComplete = new CacheableResponsePlugin({ statuses: [200] })

// The host's other hashed files: cache-first in a cache of this build (a new build has new names).
const assetsCache = `${ASSETS_CACHE_PREFIX}${build}`
const assetsDir = typeof assetFiles === 'string' ? new URL(assetFiles, self.location.href) : null
const assetUrls = new Set(typeof assetFiles === 'string' ? [] : assetFiles.map((file) => new URL(file, self.location.href).href))
/** One of the host's hashed files outside the precached shell. */
const isHostAsset = (url: URL) => (assetsDir ? isHashedAsset(url, assetsDir) && getCacheKeyForURL(url.href) === undefined : assetUrls.has(url.origin + url.pathname))
const importsByUrl = new Map(Object.entries(assetImports).map(([file, deps]) => [new URL(file, self.location.href).href, deps.map((d) => new URL(d, self.location.href).href)]))
/** The URLs and, for the host's files, everything they import statically (what a handed-over worker script needs to start). */
function withImports(urls: readonly string[]): string[] {
  const out = new Set<string>()
  const add = (url: string) => {
    if (out.has(url)) return
    out.add(url)
    for (const dep of importsByUrl.get(url) ?? []) add(dep)
  }
  for (const url of urls) add(url)
  return [...out]
}
// A hashed file is the same whoever asked: a host's `Vary: Origin` must not keep a module script's
// request (with an Origin) from the copy the page handed over (without one).
const assets = new CacheFirst({ cacheName: assetsCache, plugins: [onlyComplete], matchOptions: { ignoreVary: true } })

// <img> asks for cross-origin images without CORS, which gives an opaque answer that must not be kept.
// Ask with CORS instead; if the catalogue does not allow it, hand the page the network's answer uncached.
const images = new CacheFirst({
  cacheName: IMAGE_CACHE,
  plugins: [
    { requestWillFetch: async ({ request }) => new Request(request.url, { mode: 'cors', credentials: 'omit' }) },
    onlyComplete,
    new ExpirationPlugin({ maxEntries: IMAGE_CACHE_MAX_ENTRIES, maxAgeSeconds: IMAGE_CACHE_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
  ],
})
// The catalogue's and the host's files have their own router, so a page can also ask it to cache what
// it fetched before this worker was there (CACHE_URLS), and nothing else.
const catalogue = new Router()
catalogue.registerRoute(new Route(({ url, request }) => request.method === 'GET' && isHostAsset(url), assets))
catalogue.registerRoute(
  new Route(
    ({ url, request }) => isCatalogueImageRequest(url, request.method, options.catalogue),
    async (handler) => {
      try {
        return await images.handle(handler)
      } catch {
        return fetch(handler.request)
      }
    },
  ),
)
catalogue.registerRoute(
  new Route(
    ({ url, request }) => isCatalogueListingRequest(url, request.method, options.catalogue),
    new StaleWhileRevalidate({
      cacheName: CATALOGUE_CACHE,
      plugins: [onlyComplete, new ExpirationPlugin({ maxEntries: CATALOGUE_CACHE_MAX_ENTRIES, maxAgeSeconds: CATALOGUE_CACHE_MAX_AGE_SECONDS, purgeOnQuotaError: true })],
    }),
  ),
)
catalogue.addFetchListener()

// workbox-window's messageSkipWaiting(), and messageSW() with GET_VERSION or CACHE_URLS.
self.addEventListener('message', (event) => {
  const message = readPageMessage(event.data)
  if (message?.type === SKIP_WAITING) void self.skipWaiting()
  if (message?.type === GET_VERSION) event.ports[0]?.postMessage({ build, caches: [IMAGE_CACHE, CATALOGUE_CACHE, cacheNames.precache, assetsCache] })
  if (message?.type === CACHE_URLS) {
    const done = Promise.allSettled(withImports(message.payload.urlsToCache).map((url) => catalogue.handleRequest({ request: new Request(url), event: event as unknown as ExtendableEvent }))).then(
      () => event.ports[0]?.postMessage(true),
    )
    event.waitUntil(done)
  }
})

// Take the pages at once on first install (so the first visit's images are cached), and drop the
// caches an older version left behind.
clientsClaim()
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter((name) => isOutdatedCache(name, cacheNames.precache) && name !== assetsCache).map((name) => caches.delete(name)))))
})
