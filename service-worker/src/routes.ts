/**
 * Which requests the service worker answers. The catalogue's base URL comes from the host's
 * configuration (it is not a fixed origin), so every matcher takes it. Anything else (the
 * blockchain-data API, chain RPCs, the relay, the page's own API calls) is left to the network and to
 * the core, which caches data with the specification's TTLs.
 */

/** The catalogue's base URL, split for matching: origin, and path without a trailing slash. */
export type CatalogueBase = { origin: string; path: string }

/** The catalogue's image calls (SPEC.md §7): one id segment after the call's path. */
const IMAGE_CALL = /^\/(?:getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\/[^/]+$/
/** The catalogue's listing call: pages and searches differ only by query. */
const LISTING_CALL = /^\/getWallets$/

/**
 * Parses a catalogue base URL. Only http(s) bases without credentials, query or fragment are
 * accepted; anything else gives null (and the worker then caches no catalogue call).
 *
 * @example
 * catalogueBase('http://127.0.0.1:8788') // { origin: 'http://127.0.0.1:8788', path: '' }
 */
export function catalogueBase(url: string): CatalogueBase | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  if (parsed.username || parsed.password || parsed.search || parsed.hash) return null
  return { origin: parsed.origin, path: parsed.pathname.replace(/\/+$/, '') }
}

/** The path of `url` below the catalogue base, or null when `url` is not under it. */
function callPath(url: URL, base: CatalogueBase): string | null {
  if (url.origin !== base.origin) return null
  if (base.path === '') return url.pathname
  if (!url.pathname.startsWith(`${base.path}/`)) return null
  return url.pathname.slice(base.path.length)
}

/**
 * A GET of a wallet, asset, currency or token image from the catalogue (cache-first, bounded).
 *
 * @example
 * isCatalogueImageRequest(new URL('http://127.0.0.1:8788/getWalletImage/abc'), 'GET', base) // true
 */
export function isCatalogueImageRequest(url: URL, method: string, base: CatalogueBase | null): boolean {
  if (!base || method !== 'GET') return false
  const path = callPath(url, base)
  return path !== null && IMAGE_CALL.test(path)
}

/**
 * A GET of a catalogue page or search (GET /getWallets, stale-while-revalidate, bounded).
 *
 * @example
 * isCatalogueListingRequest(new URL('http://127.0.0.1:8788/getWallets?page=1&entries=40'), 'GET', base) // true
 */
export function isCatalogueListingRequest(url: URL, method: string, base: CatalogueBase | null): boolean {
  if (!base || method !== 'GET') return false
  const path = callPath(url, base)
  return path !== null && LISTING_CALL.test(path)
}

/** Escapes `text` for a regular expression. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * What a navigation in scope must not be answered with the single-page shell for, as Workbox's
 * `NavigationRoute` denylist (tested against the URL's path and query): API paths (the host's `api/`,
 * the blockchain-data API's `v1/`, the catalogue's calls, `.well-known/`), the worker's own file, and
 * anything whose last path segment has a file extension (`/terms.pdf`, `/sitemap.xml`; a route such
 * as `/name/vitalik.eth` too, which then needs the network). Those go to the network as they are.
 *
 * @example
 * navigationDenylist('/').some((r) => r.test('/api/session')) // true
 */
export function navigationDenylist(scopePath: string): RegExp[] {
  const scope = escapeRegExp(scopePath.endsWith('/') ? scopePath : `${scopePath}/`)
  return [
    new RegExp(`^${scope}(?:api|v1|\\.well-known|getWallets|getWalletImage|getAnalyticsConfig|public/get(?:Asset|Currency|Token)Image)(?:[/?]|$)`, 'i'),
    new RegExp(`^${scope}portico-service-worker\\.js(?:\\?|$)`, 'i'),
    // A file extension in the last path segment.
    /^[^?]*\/[^/?]*\.[^/?]+(?:\?|$)/,
  ]
}

/**
 * Whether a navigation to `url` opens the precached shell: in scope and not on the deny-list
 * (`navigationDenylist`), matched the way Workbox's `NavigationRoute` matches it.
 *
 * @example
 * isShellNavigation(new URL('https://dapp.example/account/activity?tab=nfts'), '/') // true
 * isShellNavigation(new URL('https://dapp.example/whitepaper.pdf'), '/') // false
 */
export function isShellNavigation(url: URL, scopePath: string): boolean {
  if (!url.pathname.startsWith(scopePath)) return false
  const pathAndSearch = url.pathname + url.search
  return !navigationDenylist(scopePath).some((pattern) => pattern.test(pathAndSearch))
}

/** A file name carrying its content hash as a bundler writes it (`Modal-CDNuwqc0.js`, `index.BTZDyrEO.css`). */
const HASHED_FILE = /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/i
/** The kinds of files the worker keeps for the host: scripts, styles, images, fonts, JSON (never source maps). */
export const KEPT_FILE = /\.(?:html|js|mjs|css|svg|png|jpe?g|webp|avif|gif|ico|woff2?|json|webmanifest)$/i

/**
 * Whether `url` is one of the host's hashed build files under `assetsDir` (the build's assets folder,
 * relative to the worker's folder, e.g. `assets/`): same origin, in that folder, a content-hashed name
 * of a kind the worker keeps. Such a file never changes under its name, so it is kept cache-first.
 *
 * @example
 * isHashedAsset(new URL('https://dapp.example/assets/Modal-CDNuwqc0.js'), new URL('https://dapp.example/assets/')) // true
 */
export function isHashedAsset(url: URL, assetsDir: URL): boolean {
  if (url.origin !== assetsDir.origin || !url.pathname.startsWith(assetsDir.pathname)) return false
  const name = url.pathname.slice(assetsDir.pathname.length)
  return !name.includes('/') && HASHED_FILE.test(name) && KEPT_FILE.test(name)
}
