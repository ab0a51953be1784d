import * as z from './zod-mini.ts'
import { deepLinkScheme, safeHref, type SafeUrlOptions } from './safeUrl.ts'

/** The message of a refused URL in a schema's issue (the SPEC.md §8 message is the caller's). */
export const UNSAFE_URL_ISSUE = 'Expected an https URL (or http on a loopback host)'

/**
 * A URL Portico may later open (`toSafeUrl`), as a schema: `https:`, or `http:` on a loopback host
 * (the local sandbox; where the page opens it, the page must itself be on a loopback host too). Use
 * instead of `z.string().url()` (which takes `javascript:` and `data:`) for every field that is
 * navigated to, opened or rendered as a link.
 *
 * @example
 * z.object({ url: safeWebUrlSchema() }).parse({ url: 'javascript:alert(1)' }) // throws
 */
export function safeWebUrlSchema(options: Pick<SafeUrlOptions, 'allowLoopbackHttp'> = { allowLoopbackHttp: true }) {
  return z.string().check(z.refine((value) => safeHref(value, { kind: 'web', ...options }) !== null, UNSAFE_URL_ISSUE))
}

/**
 * A wallet's mobile link as a schema: a web link (`safeWebUrlSchema`) or the wallet's own scheme
 * (`metamask://`), never a forbidden one (`javascript:`, `data:` …).
 */
export function safeMobileLinkSchema() {
  return z.string().check(z.refine((value) => safeHref(value, { kind: 'walletDeepLink', allowedScheme: deepLinkScheme(value), allowLoopbackHttp: true }) !== null, UNSAFE_URL_ISSUE))
}

/**
 * An image URL from outside (a token's logo, an NFT's image, an avatar, a wallet's icon), kept only
 * when Portico may show it (`toSafeUrl` with the image kind): `https:`, or `http:` on a loopback host;
 * with `allowDataImage`, also `data:image/(png|jpeg|gif|webp|svg+xml)` (EIP-6963 icons only). A
 * refused one becomes null, so the entity stays and is shown without its image. Takes a string or
 * null; gives the parsed URL's `href` or null.
 *
 * @example
 * z.object({ iconUrl: safeImageUrlOrNull() }).parse({ iconUrl: 'javascript:alert(1)' }) // { iconUrl: null }
 */
export function safeImageUrlOrNull(options: Pick<SafeUrlOptions, 'allowDataImage'> = {}) {
  return z.pipe(
    z.nullable(z.string()),
    z.transform((value: string | null) => (value === null ? null : safeHref(value, { kind: 'image', allowLoopbackHttp: true, ...options }))),
  )
}

/** A list of image URLs from outside (`safeImageUrlOrNull`), with the refused ones left out. */
export function safeImageUrlList() {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((values: unknown[]) => values.flatMap((value) => safeHref(value, { kind: 'image', allowLoopbackHttp: true }) ?? [])),
  )
}
