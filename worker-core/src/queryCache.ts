import type { z } from 'zod'
import type { CoreStorage } from './storage.ts'

export type QueryResult<T> = { data: T; updatedAt: number }

export type FetchQueryParameters<T> = {
  key: string
  /** An answer younger than this is served without asking upstream. */
  ttlMs: number
  fetch: () => Promise<T>
  /** Keep the answer in IndexedDB too (a versioned, schema-checked record under `key`). */
  schema?: z.ZodType<T>
  /** A failure is answered again without asking upstream for this long (0: never remembered). */
  errorTtlMs?: number
  force?: boolean
}

export type QueryCache = {
  /** Answers a fresh cached value, or joins the request in flight for `key`, or fetches once. */
  fetch<T>(params: FetchQueryParameters<T>): Promise<QueryResult<T>>
  /** The last known value, fresh or stale (memory first, then storage). */
  peek<T>(key: string, schema?: z.ZodType<T>): Promise<QueryResult<T> | undefined>
  set<T>(key: string, data: T, options?: { persist?: boolean }): Promise<QueryResult<T>>
  remove(key: string): Promise<void>
}

export type CreateQueryCacheParameters = {
  storage: CoreStorage
  now: () => number
  /** Entries kept in memory (oldest dropped first); persisted ones stay readable from storage. */
  maxEntries?: number
}

/**
 * The core's query cache: one entry per key with its age, requests in flight shared by key, answers
 * optionally persisted. Failed fetches are never cached as data.
 */
export function createQueryCache({ storage, now, maxEntries = 512 }: CreateQueryCacheParameters): QueryCache {
  const memory = new Map<string, QueryResult<unknown>>()
  const failures = new Map<string, { error: unknown; until: number }>()
  const inFlight = new Map<string, Promise<QueryResult<unknown>>>()

  const remember = (key: string, result: QueryResult<unknown>) => {
    memory.delete(key)
    memory.set(key, result)
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string)
  }

  async function peek<T>(key: string, schema?: z.ZodType<T>): Promise<QueryResult<T> | undefined> {
    const hit = memory.get(key) as QueryResult<T> | undefined
    if (hit) return hit
    if (!schema) return undefined
    const stored = await storage.read(key, schema)
    if (!stored) return undefined
    const result = { data: stored.data as T, updatedAt: stored.savedAt }
    remember(key, result)
    return result
  }

  async function fetchQuery<T>(params: FetchQueryParameters<T>): Promise<QueryResult<T>> {
    const { key, ttlMs, force = false, errorTtlMs = 0 } = params
    if (!force) {
      const hit = memory.get(key)
      if (hit && now() - hit.updatedAt < ttlMs) return hit as QueryResult<T>
      const failed = failures.get(key)
      if (failed && failed.until > now()) throw failed.error
    }
    const pending = inFlight.get(key)
    if (pending) return pending as Promise<QueryResult<T>>

    const run = (async (): Promise<QueryResult<T>> => {
      if (!force && params.schema) {
        const stored = await peek(key, params.schema)
        if (stored && now() - stored.updatedAt < ttlMs) return stored
      }
      try {
        const data = await params.fetch()
        failures.delete(key)
        const result = { data, updatedAt: now() }
        remember(key, result)
        if (params.schema) await storage.write(key, data)
        return result
      } catch (error) {
        if (errorTtlMs > 0) failures.set(key, { error, until: now() + errorTtlMs })
        throw error
      }
    })().finally(() => inFlight.delete(key))
    inFlight.set(key, run)
    return run
  }

  return {
    fetch: fetchQuery,
    peek,
    async set(key, data, { persist = false } = {}) {
      const result = { data, updatedAt: now() }
      remember(key, result)
      failures.delete(key)
      if (persist) await storage.write(key, data)
      return result
    },
    async remove(key) {
      memory.delete(key)
      failures.delete(key)
      await storage.remove(key)
    },
  }
}
