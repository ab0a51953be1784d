import { z } from './zod.ts'
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
  return z.string().refine((value) => safeHref(value, { kind: 'web', ...options }) !== null, UNSAFE_URL_ISSUE)
}

/**
 * A wallet's mobile link as a schema: a web link (`safeWebUrlSchema`) or the wallet's own scheme
 * (`metamask://`), never a forbidden one (`javascript:`, `data:` …).
 */
export function safeMobileLinkSchema() {
  return z.string().refine((value) => safeHref(value, { kind: 'walletDeepLink', allowedScheme: deepLinkScheme(value), allowLoopbackHttp: true }) !== null, UNSAFE_URL_ISSUE)
}
