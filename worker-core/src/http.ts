import type { z } from 'zod'
import { HttpRequestError, parseWith, SchemaValidationError, TimeoutError } from '@portico/shared-types'
import {
  HTTP_RPC_TIMEOUT_MS,
  REQUEST_MAP_CACHE_ENTRIES,
  RETRY_BASE_DELAY_MS,
  RETRY_DEFAULT_COUNT,
  SDK_TYPE,
  SDK_VERSION,
} from '@portico/shared-types/constants'

/** HTTP statuses worth another try (SPEC.md §7), besides no status at all. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([403, 408, 413, 429, 500, 502, 503, 504])

export type HttpClientOptions = {
  baseUrl: string
  projectId: string
  sdkType?: string
  sdkVersion?: string
  fetch?: typeof fetch
  timeoutMs?: number
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

export type RequestParameters<T extends z.ZodType> = {
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
  schema: T
  /** What is being fetched, for error details. */
  what: string
}

export type BlobRequestParameters = {
  query?: RequestParameters<z.ZodType>['query']
  /** Per attempt; default the client's timeout. */
  timeoutMs?: number
}

/** What a call through the HTTP layer can throw. */
export type HttpClientErrorType = HttpRequestError | TimeoutError | SchemaValidationError

export type HttpClient = {
  get<T extends z.ZodType>(path: string, params: RequestParameters<T>): Promise<z.output<T>>
  post<T extends z.ZodType>(path: string, params: RequestParameters<T>): Promise<z.output<T>>
  /** A binary answer (an image), with the same query fields, retries and de-duplication. */
  getBlob(path: string, params?: BlobRequestParameters): Promise<Blob>
  url(path: string, query?: RequestParameters<z.ZodType>['query']): string
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Reads Retry-After as seconds or an HTTP date; answers milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** SPEC.md §7: retry on code -1, limit errors, timeouts, the listed statuses or no status. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof TimeoutError) return true
  if (error instanceof HttpRequestError) return error.status === undefined || RETRY_STATUSES.has(error.status)
  if (error instanceof SchemaValidationError) return false
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown }
    if (code === -1) return true
    if (typeof message === 'string' && /limit/i.test(message)) return true
  }
  return false
}

/**
 * The one HTTP layer of the core: project query fields on every call, a timeout, up to 3 retries with
 * exponential backoff from 150 ms honouring Retry-After, and identical requests in flight shared
 * (in a map bounded to 8192 entries, SPEC.md §7). JSON answers are parsed by a schema; images come as blobs.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const {
    baseUrl,
    projectId,
    sdkType = SDK_TYPE,
    sdkVersion = SDK_VERSION,
    timeoutMs = HTTP_RPC_TIMEOUT_MS,
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

  type Read = { as: 'json' | 'blob'; timeoutMs: number }

  async function once(method: 'GET' | 'POST', target: string, body: unknown, read: Read): Promise<unknown> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), read.timeoutMs)
    let response: Response
    try {
      options.onRequest?.(target)
      response = await doFetch(target, {
        method,
        signal: controller.signal,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (cause) {
      if (controller.signal.aborted) throw new TimeoutError(target, read.timeoutMs)
      throw new HttpRequestError({ url: target, cause })
    } finally {
      clearTimeout(timer)
    }
    if (!response.ok) {
      if (response.status === 403) options.onForbidden?.(target)
      throw new HttpRequestError({ status: response.status, url: target, retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) })
    }
    if (read.as === 'blob') {
      try {
        return await response.blob()
      } catch (cause) {
        throw new HttpRequestError({ url: target, cause })
      }
    }
    const text = await response.text()
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new SchemaValidationError(target, [{ code: 'custom', message: 'Invalid JSON', path: [], input: text.slice(0, 100) }])
    }
  }

  async function withRetry(method: 'GET' | 'POST', target: string, body: unknown, read: Read): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(method, target, body, read)
      } catch (error) {
        if (attempt >= retries || !isRetryable(error)) throw error
        const retryAfter = error instanceof HttpRequestError ? error.retryAfterMs : undefined
        await sleep(retryAfter ?? baseDelayMs * 2 ** attempt)
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

  function request<T extends z.ZodType>(method: 'GET' | 'POST', path: string, params: RequestParameters<T>) {
    const target = url(path, params.query)
    const key = `${method} ${target} ${params.body === undefined ? '' : JSON.stringify(params.body)}`
    return shared(key, () => withRetry(method, target, params.body, { as: 'json', timeoutMs })).then((raw) => parseWith(params.schema, raw, params.what))
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
