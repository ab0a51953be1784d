import type { z } from 'zod/mini'
import { HttpRequestError, parseWith, PorticoError, SchemaValidationError, TimeoutError } from '@portico/shared-types'
import { ResponseTooLargeError } from '@portico/shared-types/errors'
import { HTTP_RPC_TIMEOUT_MS, REQUEST_MAP_CACHE_ENTRIES, RETRY_BASE_DELAY_MS, RETRY_DEFAULT_COUNT, SDK_TYPE, SDK_VERSION } from '@portico/shared-types/constants'

/** The longest wait a Retry-After may ask for; a longer (or absurd) one waits this long. */
export const RETRY_AFTER_MAX_MS = 30_000
/** The largest JSON answer read (5 MiB); a larger one is cut off and refused. */
export const JSON_BODY_MAX_BYTES = 5 * 1024 * 1024
/** The largest image (blob) answer read (2 MiB). */
export const BLOB_BODY_MAX_BYTES = 2 * 1024 * 1024

/** HTTP statuses worth another try (SPEC.md §7), besides no status at all. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])

export type HttpClientOptions = {
  baseUrl: string
  projectId: string
  sdkType?: string
  sdkVersion?: string
  fetch?: typeof fetch
  /** Per attempt, from the request to the body's last byte (default 10 s, SPEC.md §9). */
  timeoutMs?: number
  /** Largest JSON and blob bodies read (default 5 MiB and 2 MiB). */
  maxJsonBytes?: number
  maxBlobBytes?: number
  retries?: number
  baseDelayMs?: number
  sleep?: (ms: number) => Promise<void>
  /** Called for every request that goes upstream (after de-duplication), for figures and tests. */
  onRequest?: (url: string) => void
  /** Called when the service answers 403: it refuses this origin or project (SPEC.md §8 'Invalid App Configuration'). */
  onForbidden?: (url: string) => void
  /** Bound of the map of requests in flight (SPEC.md §7: 8192); the oldest entry leaves first. */
  maxInFlight?: number
}

export type RequestParameters<T extends z.core.$ZodType> = {
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  schema: T
  /** What is being fetched, for error details. */
  what: string
  /** Attempts after the first (default the client's: 3, SPEC.md §7); 0 for a caller that keeps its own queue. */
  retries?: number
  /** The request outlives the tab that was closing when it left (like `sendBeacon`). */
  keepalive?: boolean
  /** False: a 403 is this call's own answer, not the service refusing the origin (no `onForbidden`). */
  reportForbidden?: boolean
  /** False: every call is a request of its own, never joined to an identical one in flight (a nonce is one caller's). */
  shared?: boolean
}

export type BlobRequestParameters = {
  query?: RequestParameters<z.core.$ZodType>['query']
  /** Per attempt; default the client's timeout. */
  timeoutMs?: number
}

/** What a call through the HTTP layer can throw. */
export { ResponseTooLargeError }

export type HttpClientErrorType = HttpRequestError | TimeoutError | SchemaValidationError | ResponseTooLargeError

export type HttpClient = {
  get<T extends z.core.$ZodType>(path: string, params: RequestParameters<T>): Promise<z.output<T>>
  post<T extends z.core.$ZodType>(path: string, params: RequestParameters<T>): Promise<z.output<T>>
  /** A binary answer (an image), with the same query fields, retries and de-duplication. */
  getBlob(path: string, params?: BlobRequestParameters): Promise<Blob>
  url(path: string, query?: RequestParameters<z.core.$ZodType>['query']): string
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Reads Retry-After as delay-seconds or an HTTP date; answers milliseconds, at most
 * `RETRY_AFTER_MAX_MS` (a value of 1e9 must not overflow a timer). Anything else (garbage, a
 * negative or fractional number of seconds, a past date) gives undefined or 0: the backoff applies.
 *
 * @example
 * parseRetryAfter('2') // 2000
 * parseRetryAfter('1e9') // 30000
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const text = value.trim()
  // RFC 9110: delay-seconds is 1*DIGIT.
  if (/^\d+$/.test(text)) return Math.min(RETRY_AFTER_MAX_MS, Number(text) * 1000)
  if (!/[a-z]/i.test(text)) return undefined
  const date = Date.parse(text)
  return Number.isNaN(date) ? undefined : Math.min(RETRY_AFTER_MAX_MS, Math.max(0, date - now))
}

/**
 * Reads a body to its end, stopping (and cancelling the stream) once it passes `maxBytes`. An
 * announced Content-Length above the bound is refused before a byte is read.
 */
async function readBody(response: Response, target: string, maxBytes: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const announced = Number(response.headers.get('content-length'))
  if (Number.isFinite(announced) && announced > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new ResponseTooLargeError(target, maxBytes)
  }
  const chunks: Uint8Array<ArrayBuffer>[] = []
  if (!response.body) return chunks
  const reader = response.body.getReader()
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return chunks
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new ResponseTooLargeError(target, maxBytes)
    }
    chunks.push(value as Uint8Array<ArrayBuffer>)
  }
}

/** SPEC.md §7: retry on code -1, limit errors, timeouts, the listed statuses or no status. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TimeoutError) return true
  if (error instanceof HttpRequestError) return error.status === undefined || RETRY_STATUSES.has(error.status)
  if (error instanceof SchemaValidationError || error instanceof ResponseTooLargeError) return false
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    if (code === -1) return true
    if (typeof message === 'string' && /limit/i.test(message)) return true
  }
  return false
}

/**
 * The one HTTP layer of the core: project query fields on every call, a timeout over the whole answer
 * (headers and body), up to 3 retries with exponential backoff from 150 ms honouring Retry-After (at
 * most 30 s), and identical requests in flight shared (in a map bounded to 8192 entries, SPEC.md §7).
 * Bodies are read up to a bound (JSON 5 MiB, images 2 MiB; `ResponseTooLargeError` beyond). JSON
 * answers are parsed by a schema; images come as blobs.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseUrl,
    projectId,
    sdkType = SDK_TYPE,
    sdkVersion = SDK_VERSION,
    timeoutMs = HTTP_RPC_TIMEOUT_MS,
    maxJsonBytes = JSON_BODY_MAX_BYTES,
    maxBlobBytes = BLOB_BODY_MAX_BYTES,
    retries = RETRY_DEFAULT_COUNT,
    baseDelayMs = RETRY_BASE_DELAY_MS,
    sleep = defaultSleep,
    maxInFlight = REQUEST_MAP_CACHE_ENTRIES,
  } = options
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const inFlight = new Map<string, Promise<unknown>>()

  const url: HttpClient['url'] = (path, query = {}) => {
    const u = new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, String(v))
    u.searchParams.set('projectId', projectId)
    u.searchParams.set('st', sdkType)
    u.searchParams.set('sv', sdkVersion)
    return u.toString()
  }

  type Read = { as: 'json' | 'blob'; timeoutMs: number; keepalive?: boolean | undefined; reportForbidden?: boolean | undefined }

  /** One attempt: the timeout runs from the request to the body's last byte (a body that trickles is a timeout too). */
  async function once(method: 'GET' | 'POST', target: string, body: unknown, read: Read): Promise<unknown> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), read.timeoutMs)
    const failed = (cause: unknown): never => {
      if (controller.signal.aborted) throw new TimeoutError(target, read.timeoutMs)
      if (cause instanceof PorticoError) throw cause
      throw new HttpRequestError({ url: target, cause })
    }
    let chunks: Uint8Array<ArrayBuffer>[]
    let type: string
    try {
      options.onRequest?.(target)
      const response = await doFetch(target, {
        method,
        signal: controller.signal,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(read.keepalive ? { keepalive: true } : {}),
      }).catch(failed)
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined)
        if (response.status === 403 && read.reportForbidden !== false) options.onForbidden?.(target)
        throw new HttpRequestError({ status: response.status, url: target, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) })
      }
      type = response.headers.get('content-type') ?? ''
      chunks = await readBody(response, target, read.as === 'blob' ? maxBlobBytes : maxJsonBytes).catch(failed)
    } finally {
      clearTimeout(timer)
    }
    if (read.as === 'blob') return new Blob(chunks, type ? { type } : {})
    const text = new TextDecoder().decode(await new Blob(chunks).arrayBuffer())
    // An empty answer (202, 204) is no value; the caller's schema says whether that will do.
    if (text === '') return null
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new SchemaValidationError(target, [{ code: 'custom', message: 'Invalid JSON', path: [], input: text.slice(0, 100) }])
    }
  }

  async function withRetry(method: 'GET' | 'POST', target: string, body: unknown, read: Read, attempts = retries): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(method, target, body, read)
      } catch (error) {
        if (attempt >= attempts || !isRetryable(error)) throw error
        const retryAfter = error instanceof HttpRequestError ? error.retryAfterMs : undefined
        await sleep(Math.min(RETRY_AFTER_MAX_MS, retryAfter ?? baseDelayMs * 2 ** attempt))
      }
    }
  }

  /** Joins the identical request in flight, or starts it; the map keeps at most `maxInFlight` entries. */
  function shared(key: string, start: () => Promise<unknown>): Promise<unknown> {
    let pending = inFlight.get(key)
    if (!pending) {
      while (inFlight.size >= maxInFlight) inFlight.delete(inFlight.keys().next().value as string)
      const started = start().finally(() => {
        // An entry pushed out by the bound may have been replaced by a newer identical request.
        if (inFlight.get(key) === started) inFlight.delete(key)
      })
      pending = started
      inFlight.set(key, pending)
    }
    return pending
  }

  function request<T extends z.core.$ZodType>(method: 'GET' | 'POST', path: string, params: RequestParameters<T>) {
    const target = url(path, params.query)
    const key = `${method} ${target} ${params.body === undefined ? '' : JSON.stringify(params.body)}`
    const read: Read = { as: 'json', timeoutMs, keepalive: params.keepalive, reportForbidden: params.reportForbidden }
    const start = () => withRetry(method, target, params.body, read, params.retries ?? retries)
    return (params.shared === false ? start() : shared(key, start)).then((raw) => parseWith(params.schema, raw, params.what))
  }

  function getBlob(path: string, params: BlobRequestParameters = {}): Promise<Blob> {
    const target = url(path, params.query)
    return shared(`GET blob ${target}`, () => withRetry('GET', target, undefined, { as: 'blob', timeoutMs: params.timeoutMs ?? timeoutMs })) as Promise<Blob>
  }

  return {
    url,
    get: (path, params) => request('GET', path, params),
    post: (path, params) => request('POST', path, params),
    getBlob,
  }
}
