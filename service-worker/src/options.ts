import * as z from 'zod/mini'
import { CACHE_URLS, CACHE_URLS_MAX, GET_VERSION, SKIP_WAITING } from './constants.ts'
import { catalogueBase, type CatalogueBase } from './routes.ts'

// The worker may be served under a strict Content-Security-Policy (no eval): zod must not probe it.
z.config({ jitless: true })

/**
 * What the page tells the worker through the worker's URL query, e.g.
 * `/portico-service-worker.js?catalogue=http%3A%2F%2F127.0.0.1%3A8788`. Every field is optional: an absent or
 * invalid catalogue leaves catalogue calls to the network.
 */
export const serviceWorkerQuerySchema = z.object({
  catalogue: z.optional(
    z.string().check(
      z.url(),
      z.refine((value) => catalogueBase(value) !== null, 'an http(s) URL without credentials, query or fragment'),
    ),
  ),
})
export type ServiceWorkerQuery = z.infer<typeof serviceWorkerQuerySchema>

export type ServiceWorkerOptions = { catalogue: CatalogueBase | null; problems: string[] }

/**
 * Reads the worker's options from its own URL.
 *
 * @example
 * readServiceWorkerOptions('https://dapp.example/portico-service-worker.js?catalogue=https%3A%2F%2Fcatalogue.example')
 * // { catalogue: { origin: 'https://catalogue.example', path: '' }, problems: [] }
 */
export function readServiceWorkerOptions(workerUrl: string): ServiceWorkerOptions {
  const query = Object.fromEntries(new URL(workerUrl).searchParams)
  const parsed = serviceWorkerQuerySchema.safeParse(query)
  if (!parsed.success) {
    return { catalogue: null, problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`) }
  }
  return { catalogue: parsed.data.catalogue ? catalogueBase(parsed.data.catalogue) : null, problems: [] }
}

/** The URL the page registers: the worker file with the catalogue base in its query. */
export function serviceWorkerUrl(file: string, catalogueUrl: string | undefined): string {
  if (!catalogueUrl) return file
  const separator = file.includes('?') ? '&' : '?'
  return `${file}${separator}${new URLSearchParams({ catalogue: catalogueUrl }).toString()}`
}

/** The messages a page may post to the worker. */
export const pageMessageSchema = z.union([
  z.object({ type: z.enum([SKIP_WAITING, GET_VERSION]) }),
  z.object({
    type: z.literal(CACHE_URLS),
    payload: z.object({ urlsToCache: z.array(z.string().check(z.url())).check(z.maxLength(CACHE_URLS_MAX)) }),
  }),
])
export type PageMessage = z.infer<typeof pageMessageSchema>

/** A page's message, or null for anything else (ignored). */
export function readPageMessage(data: unknown): PageMessage | null {
  const parsed = pageMessageSchema.safeParse(data)
  return parsed.success ? parsed.data : null
}
