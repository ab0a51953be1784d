import type { z } from 'zod/mini'
import type { RecordDefinition } from '@portico/shared-types'
import { bindRecord, type Persister } from './persister.ts'

export type QueryResult<T> = { data: T; updatedAt: number }

/** Where a read's answer is kept: by key in memory, and as a schema-checked record when it has one. */
export type QueryLocation<T> = {
  key: string
  /** The record the answer is persisted as (its key is `key`); none: memory only. */
  record?: RecordDefinition<z.core.$ZodType<T>> | undefined
}

/**
 * One read, as an action file describes it (wagmi's `getXQueryOptions`): where its answer is kept,
 * how long it is fresh, and how to fetch it.
 */
export type QueryOptions<T> = QueryLocation<T> & {
  /** An answer younger than this is served without asking upstream; 0: always asked, never kept. */
  ttlMs: number
  fetch: () => Promise<T>
  /** A failure is answered again without asking upstream for this long (0: never remembered). */
  errorTtlMs?: number
  /** A failure is answered with this instead (never kept, so the next read asks upstream again): SPEC.md §8's sample data. */
  fallback?: (error: unknown) => T
}

/** The location of a persisted read: `RECORDS.identity` for `address` is kept under its record key. */
export function persisted<T extends z.core.$ZodType, A extends unknown[]>(record: RecordDefinition<T, A>, ...args: A): Required<QueryLocation<z.output<T>>> {
  const bound = bindRecord(record, ...args)
  return { key: bound.key(), record: bound as RecordDefinition<z.core.$ZodType<z.output<T>>> }
}

export type QueryCache = {
  /** Answers a fresh cached value, or joins the request in flight for `key`, or fetches once. */
  fetch<T>(options: QueryOptions<T>, params?: { force?: boolean }): Promise<QueryResult<T>>
  /** The last known value, fresh or stale (memory first, then the persisted record). */
  peek<T>(at: QueryLocation<T>): Promise<QueryResult<T> | undefined>
  /** Takes `data` as the answer (persisted when the location has a record). */
  set<T>(at: QueryLocation<T>, data: T, params?: { updatedAt?: number }): Promise<QueryResult<T>>
  remove(at: QueryLocation<unknown>): Promise<void>
  /**
   * Runs `start` once while it is in flight: callers meanwhile share its promise. The one map of work
   * in flight in the core (above the HTTP layer's request map); keys of different kinds carry a prefix.
   */
  dedupe<T>(key: string, start: () => Promise<T>): Promise<T>
}

export type CreateQueryCacheParameters = {
  /** Persisted answers go through the schema-checked persister. */
  records: Persister
  now: () => number
  /** Entries kept in memory, oldest dropped first (catalogue pages and their images are the bulk); persisted ones stay readable from storage. */
  maxEntries?: number
}

/**
 * The core's query cache: one entry per key with its age, work in flight shared by key, answers
 * persisted when they have a record. Failed fetches are never cached as data.
 */
export function createQueryCache({ records, now, maxEntries = 2048 }: CreateQueryCacheParameters): QueryCache {
  const memory = new Map<string, QueryResult<unknown>>()
  const failures = new Map<string, { error: unknown; until: number }>()
  const inFlight = new Map<string, Promise<unknown>>()

  const remember = (key: string, result: QueryResult<unknown>) => {
    memory.delete(key)
    memory.set(key, result)
    while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string)
  }

  function dedupe<T>(key: string, start: () => Promise<T>): Promise<T> {
    const pending = inFlight.get(key)
    if (pending) return pending as Promise<T>
    const run = start().finally(() => inFlight.delete(key))
    inFlight.set(key, run)
    return run
  }

  async function peek<T>(at: QueryLocation<T>): Promise<QueryResult<T> | undefined> {
    const hit = memory.get(at.key) as QueryResult<T> | undefined
    if (hit) return hit
    if (!at.record) return undefined
    const stored = await records.read(at.record)
    if (!stored) return undefined
    const result: QueryResult<T> = { data: stored.data, updatedAt: stored.savedAt }
    remember(at.key, result)
    return result
  }

  async function fetchQuery<T>(options: QueryOptions<T>, { force = false }: { force?: boolean } = {}): Promise<QueryResult<T>> {
    const { key, ttlMs, errorTtlMs = 0 } = options
    const keep = ttlMs > 0 || options.record !== undefined
    if (!force) {
      const hit = memory.get(key)
      if (hit && now() - hit.updatedAt < ttlMs) return hit as QueryResult<T>
      const failed = failures.get(key)
      if (failed && failed.until > now()) {
        if (options.fallback) return { data: options.fallback(failed.error), updatedAt: now() }
        throw failed.error
      }
    }
    return dedupe(`query ${key}`, async (): Promise<QueryResult<T>> => {
      if (!force && options.record) {
        const stored = await peek(options)
        if (stored && now() - stored.updatedAt < ttlMs) return stored
      }
      try {
        const data = await options.fetch()
        failures.delete(key)
        const result = { data, updatedAt: now() }
        if (keep) remember(key, result)
        if (options.record) await records.writeAt(options.record, data, result.updatedAt)
        return result
      } catch (error) {
        if (errorTtlMs > 0) failures.set(key, { error, until: now() + errorTtlMs })
        if (options.fallback) return { data: options.fallback(error), updatedAt: now() }
        throw error
      }
    })
  }

  return {
    fetch: fetchQuery,
    peek,
    dedupe,
    async set(at, data, { updatedAt = now() } = {}) {
      const result = { data, updatedAt }
      remember(at.key, result)
      failures.delete(at.key)
      if (at.record) await records.writeAt(at.record, data, updatedAt)
      return result
    },
    async remove(at) {
      memory.delete(at.key)
      failures.delete(at.key)
      if (at.record) await records.remove(at.record)
    },
  }
}
