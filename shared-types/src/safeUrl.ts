import { MESSAGES, PorticoError, type PorticoErrorOptions } from './errors.ts'

/**
 * The one gate between a string from outside (a service's answer, the frame, the catalogue, the
 * dapp's configuration) and a URL Portico navigates to, opens in a window or renders as a link.
 * Zod-free, so the page can load it with the modal; the schemas' refinements are in `safeUrlSchema.ts`.
 */

/** What the URL is for: a page on the web, the link that opens a wallet app, or an image shown in `<img src>`. */
export type SafeUrlKind = 'web' | 'walletDeepLink' | 'image'

export type SafeUrlOptions = {
  /** Default 'web': `https:` only (and `http:` on a loopback host with `allowLoopbackHttp`). */
  kind?: SafeUrlKind
  /**
   * For 'walletDeepLink': the wallet's own scheme (`metamask`, `metamask:` or `metamask://`), as the
   * catalogue lists it for that wallet's mobile link. Never one of the `FORBIDDEN_SCHEMES`.
   */
  allowedScheme?: string | null | undefined
  /** Also `http:` when the host is a loopback one (127.0.0.0/8, localhost, [::1]): the local sandbox. */
  allowLoopbackHttp?: boolean
  /**
   * For 'image': also a `data:image/(png|jpeg|gif|webp|svg+xml)` URI. Only for an EIP-6963 wallet's
   * icon, which the standard defines as a data URI; every other image is fetched over https.
   */
  allowDataImage?: boolean
  /** The SPEC.md §8 message the refusal carries; default 'Something went wrong'. */
  message?: string
}

/** Schemes that run code or read local data when navigated to: never opened, whatever the options. */
export const FORBIDDEN_SCHEMES: ReadonlySet<string> = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:', 'filesystem:', 'about:', 'view-source:', 'jar:'])

/** Schemes that are no wallet app's own: web and transfer schemes, Android intents, other apps' handlers. */
const NOT_WALLET_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'ftp:', 'ws:', 'wss:', 'intent:', 'mailto:', 'tel:', 'sms:'])

/** The longest URL Portico opens (an onramp URL with its signed query fits many times over). */
export const SAFE_URL_MAX_LENGTH = 16_384

/** A URL from outside that Portico refuses to open; `details` says why (for developers), the message is SPEC.md §8's. */
export class UnsafeUrlError extends PorticoError {
  override name = 'UnsafeUrlError' as const
  constructor(message: string, options: PorticoErrorOptions = {}) {
    super(message, options)
  }
}

/**
 * Whether `hostname` (as `URL.hostname` gives it, already normalised: `0x7f.1` is `127.0.0.1`) is a
 * loopback host: 127.0.0.0/8, `localhost` or `[::1]`.
 *
 * @example
 * isLoopbackHost('127.0.0.1') // true
 * isLoopbackHost('127.0.0.1.example.com') // false
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host === 'localhost' || host === '[::1]') return true
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  return !!octets && octets.slice(1).every((o) => Number(o) <= 255)
}

/** `metamask`, `metamask:`, `metamask://` → `metamask:`; null when it is no scheme. */
function normaliseScheme(scheme: string | null | undefined): string | null {
  if (!scheme) return null
  const name = scheme
    .trim()
    .toLowerCase()
    .replace(/:(\/\/)?$/, '')
  return /^[a-z][a-z0-9+.-]*$/.test(name) ? `${name}:` : null
}

/**
 * The scheme of a wallet's mobile link as the catalogue lists it (`metamask://` → `metamask:`), or
 * null for a web link or anything that is no usable scheme.
 *
 * @example
 * deepLinkScheme('metamask://') // 'metamask:'
 * deepLinkScheme('https://metamask.app.link') // null
 */
export function deepLinkScheme(link: string | null | undefined): string | null {
  if (!link) return null
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(link)
  const scheme = match ? normaliseScheme(match[1]) : null
  if (!scheme || NOT_WALLET_SCHEMES.has(scheme) || FORBIDDEN_SCHEMES.has(scheme)) return null
  return scheme
}

/** The longest `data:image/…` URI shown (an EIP-6963 icon: a few KiB of SVG or a small PNG). */
export const DATA_IMAGE_MAX_LENGTH = 512 * 1024

/** The image types a data URI may carry: raster images and SVG (whose scripts never run inside `<img>`). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/**
 * A `data:image/…` URI of an allowed type, or the reason it is refused. Spaces are part of SVG
 * markup and allowed; control characters (and tabs or newlines, which the parser drops) are not.
 */
function checkDataImage(raw: string): { reason: string } | { url: URL } {
  if (!DATA_IMAGE.test(raw)) return { reason: 'a data URI that is no png, jpeg, gif, webp or svg+xml image' }
  if (raw.length > DATA_IMAGE_MAX_LENGTH) return { reason: `a data URI longer than ${DATA_IMAGE_MAX_LENGTH} characters` }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(raw)) return { reason: 'contains control characters' }
  try {
    const url = new URL(raw)
    if (url.protocol !== 'data:') return { reason: 'not a data URI' }
    // Its parsed form is what is kept and shown, and percent-encoding can make it nine times longer.
    return url.href.length > DATA_IMAGE_MAX_LENGTH ? { reason: `a data URI longer than ${DATA_IMAGE_MAX_LENGTH} characters once encoded` } : { url }
  } catch {
    return { reason: 'not a data URI' }
  }
}

/** Why `raw` may not be opened with `options`, or null when it may (then `url` is its parsed form). */
function check(raw: unknown, options: SafeUrlOptions): { reason: string } | { url: URL } {
  if (typeof raw !== 'string') return { reason: 'not a string' }
  if (raw.length === 0) return { reason: 'empty' }
  // The one data URI ever allowed: an image (an EIP-6963 icon), matched on the raw string's start.
  if (options.kind === 'image' && options.allowDataImage && /^data:/i.test(raw)) return checkDataImage(raw)
  if (raw.length > SAFE_URL_MAX_LENGTH) return { reason: `longer than ${SAFE_URL_MAX_LENGTH} characters` }
  // The URL parser drops leading control characters and tabs or newlines anywhere ("java\tscript:"):
  // a URL that needs that cleaning is refused before it is parsed.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\s]/.test(raw)) return { reason: 'contains whitespace or control characters' }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { reason: 'not an absolute URL' }
  }
  const scheme = url.protocol.toLowerCase()
  if (FORBIDDEN_SCHEMES.has(scheme)) return { reason: `the scheme '${scheme}' is never opened` }
  if (url.username || url.password) return { reason: 'credentials in the URL' }
  if (scheme === 'https:') return url.hostname ? { url } : { reason: 'no host' }
  if (scheme === 'http:') {
    if (options.allowLoopbackHttp && isLoopbackHost(url.hostname)) return { url }
    return { reason: options.allowLoopbackHttp ? "'http:' is opened on a loopback host only" : "'http:' is not opened (https only)" }
  }
  if ((options.kind ?? 'web') === 'walletDeepLink') {
    const allowed = normaliseScheme(options.allowedScheme)
    if (allowed && allowed === scheme && deepLinkScheme(allowed) === scheme) return { url }
    return { reason: `the scheme '${scheme}' is not this wallet's own` }
  }
  return { reason: `the scheme '${scheme}' is not opened (https only)` }
}

/**
 * Turns a string from outside into a URL Portico may open, or a typed `UnsafeUrlError` (never
 * thrown: the caller decides what the visitor reads). Allowed: `https:` with a host and no
 * credentials; `http:` on a loopback host with `allowLoopbackHttp`; for a wallet's deep link, also
 * that wallet's own scheme; for an image with `allowDataImage`, also `data:image/(png|jpeg|gif|webp|svg+xml)`. Never `javascript:`, `data:`, `vbscript:`, `blob:`, `file:` (any case),
 * and nothing with whitespace or control characters. Open `url.href`, never the raw string.
 *
 * @example
 * const safe = toSafeUrl(answer.url, { allowLoopbackHttp: isLoopbackHost(location.hostname) })
 * if (safe instanceof UnsafeUrlError) showError(safe.shortMessage)
 * else popup.location.href = safe.href
 */
export function toSafeUrl(raw: unknown, options: SafeUrlOptions = {}): URL | UnsafeUrlError {
  const result = check(raw, options)
  if ('url' in result) return result.url
  const shown = typeof raw === 'string' ? raw.slice(0, 100) : typeof raw
  return new UnsafeUrlError(options.message ?? MESSAGES.somethingWentWrong, { details: `Refused URL (${result.reason}): ${JSON.stringify(shown)}` })
}

/**
 * `toSafeUrl`'s answer as the string to open, or null when refused.
 *
 * @example
 * safeHref('javascript:alert(1)') // null
 * safeHref('https://explorer.example/address/0xabc') // 'https://explorer.example/address/0xabc'
 */
export function safeHref(raw: unknown, options: SafeUrlOptions = {}): string | null {
  const safe = toSafeUrl(raw, options)
  return safe instanceof URL ? safe.href : null
}

/**
 * Whether the page itself runs on a loopback host (a developer's machine, the sandbox): only then
 * are `http:` URLs on loopback hosts opened.
 */
export function pageIsLoopback(): boolean {
  return typeof location !== 'undefined' && isLoopbackHost(location.hostname)
}

/**
 * `toSafeUrl` for the page: `http:` on a loopback host only while the page itself is on one.
 *
 * @example
 * const safe = toPageSafeUrl(uri, { message: MESSAGES.embeddedDefaultError })
 */
export function toPageSafeUrl(raw: unknown, options: SafeUrlOptions = {}): URL | UnsafeUrlError {
  return toSafeUrl(raw, { allowLoopbackHttp: pageIsLoopback(), ...options })
}

/**
 * The `src` of an `<img>` whose URL came from outside (a token's logo, an NFT's image, a wallet's
 * icon, an avatar), or null to show no image: `pageSafeHref` with the image kind. `allowDataImage`
 * only for an EIP-6963 wallet's icon.
 *
 * @example
 * pageSafeImageSrc('javascript:alert(1)') // null
 * pageSafeImageSrc(info.icon, { allowDataImage: true }) // 'data:image/svg+xml,…'
 */
export function pageSafeImageSrc(raw: unknown, options: Pick<SafeUrlOptions, 'allowDataImage'> = {}): string | null {
  return pageSafeHref(raw, { kind: 'image', ...options })
}

/** `toPageSafeUrl`'s answer as the string to open or link to, or null when refused. */
export function pageSafeHref(raw: unknown, options: SafeUrlOptions = {}): string | null {
  return safeHref(raw, { allowLoopbackHttp: pageIsLoopback(), ...options })
}
