import { PorticoError, type CaipAddress, type CoreState, type SerializedError } from '@portico/shared-types'
import type { CoreEnv } from './context.ts'
import type { OnlineManager } from './managers.ts'
import type { QueryCache, QueryLocation, QueryOptions, QueryResult } from './queryCache.ts'
import type { StateStore } from './store.ts'

/** The CoreState slices that hold one read of the active account. */
export type AccountSlice = 'balances' | 'nativeBalance' | 'identity'

/**
 * A read of an account whose answer is a slice of CoreState, pushed to every tab: what `sync` needs
 * to know beyond the read itself (where it is kept, how it looks in the state, what stops it).
 */
export type AccountQuery<K extends AccountSlice, T> = {
  slice: K
  ttlMs: number
  /** Where the account's answer is kept; `env` is null before a tab has configured the core (restoring). */
  location(caipAddress: CaipAddress, env: CoreEnv | null): QueryLocation<T>
  fetch(env: CoreEnv, caipAddress: CaipAddress, params: { force: boolean }): Promise<T>
  /** False: the account has no such read; the slice says 'unsupported' and nothing is asked. Checked first. */
  enabled?(env: CoreEnv, caipAddress: CaipAddress): boolean
  /** False: the read fails at once without asking (checked online, after the cache). */
  available?(env: CoreEnv, caipAddress: CaipAddress): Promise<boolean>
  /** After a failure no retry for this long, forced or not (SPEC.md §4, §8); the slice has `retryBlockedUntil`. */
  retryBlockMs?: number
  empty(caipAddress: CaipAddress): CoreState[K]
  success(caipAddress: CaipAddress, data: T, updatedAt: number): CoreState[K]
  /** The error the slice shows; `cause` is undefined when the read was not available. */
  error(cause?: unknown): SerializedError
}

export type Queries = {
  /**
   * A read answered to the caller: fresh from the cache, joined while in flight, persisted when it has
   * a record. Offline, the last answer is served whatever its age (without one, upstream is asked:
   * the service worker may answer).
   */
  fetch<T>(options: QueryOptions<T>, params?: { force?: boolean }): Promise<QueryResult<T>>
  /**
   * A read of the core's API: waits for the restored state, needs the configuration, then `fetch`es
   * what the action's `getXQueryOptions(env, params)` describes. A new read is its action file and
   * one line: `getX: (params) => queries.read(getXQueryOptions, params)`.
   */
  read<P extends { force?: boolean | undefined }, T>(options: (env: CoreEnv, params: P) => QueryOptions<T>, params: P): Promise<QueryResult<T>>
  /**
   * Brings an account's slice up to date: the cached answer while fresh; offline, what is cached;
   * otherwise loading (the last data kept), then success or the error. Pushed to every tab through
   * the store; only the active account's slice is written. One run per account and `force` at a time.
   */
  sync<K extends AccountSlice, T>(query: AccountQuery<K, T>, caipAddress: CaipAddress, params?: { force?: boolean }): Promise<void>
  /** What is kept for an account, whatever its age (shown at once when a core starts). */
  restore<K extends AccountSlice, T>(query: AccountQuery<K, T>, caipAddress: CaipAddress): Promise<CoreState[K]>
  /** Takes `data` as an account's answer (from elsewhere than the fetch, e.g. the wallet), persisted and pushed. */
  setData<K extends AccountSlice, T>(query: AccountQuery<K, T>, caipAddress: CaipAddress, data: T): Promise<void>
  /** Takes `data` as the answer of a read (a write learnt it), so the next read serves it at once. */
  set<T>(at: QueryLocation<T>, data: T): Promise<void>
  /** Work that is not one read (a page of a list) shares the one in-flight map too. */
  dedupe<T>(key: string, start: () => Promise<T>): Promise<T>
}

export type CreateQueriesParameters = {
  cache: QueryCache
  store: StateStore
  online: OnlineManager
  now: () => number
  env(): CoreEnv | null
  activeAccount(): CaipAddress | null
  /** Resolves once the records are restored (read at call time: the core sets it after creation). */
  ready(): Promise<void>
}

export const NOT_CONFIGURED = 'The core is not configured'

/**
 * The core's one query helper: every read goes through it, so caching (TTL), persistence through the
 * schema-checked persister, de-duplication, offline answers and the pushes of account state are
 * written once (TanStack Query's query-core, cut to what the core needs).
 */
export function createQueries({ cache, store, online, now, env: currentEnv, activeAccount, ready }: CreateQueriesParameters): Queries {
  const isActive = (caipAddress: CaipAddress) => activeAccount() === caipAddress
  const put = <K extends AccountSlice>(slice: K, value: CoreState[K]) => store.set({ [slice]: value } as Pick<CoreState, K>)

  async function fetchQuery<T>(options: QueryOptions<T>, params: { force?: boolean } = {}): Promise<QueryResult<T>> {
    if (!online.isOnline()) {
      const cached = await cache.peek(options)
      if (cached) return cached
    }
    return cache.fetch(options, params)
  }

  async function run<K extends AccountSlice, T>(query: AccountQuery<K, T>, caipAddress: CaipAddress, env: CoreEnv, force: boolean): Promise<void> {
    const { slice } = query
    if (query.enabled && !query.enabled(env, caipAddress)) {
      if (isActive(caipAddress)) put(slice, { ...query.empty(caipAddress), status: 'unsupported' } as CoreState[K])
      return
    }
    const state = store.get()[slice]
    const current: CoreState[K] = state.caipAddress === caipAddress ? state : query.empty(caipAddress)
    const blockedUntil = 'retryBlockedUntil' in current ? current.retryBlockedUntil : null
    if (query.retryBlockMs !== undefined && blockedUntil !== null && blockedUntil > now()) return

    const at = query.location(caipAddress, env)
    const cached = await cache.peek(at)
    if (cached && !force && now() - cached.updatedAt < query.ttlMs) {
      if (current.updatedAt !== cached.updatedAt || current.status !== 'success') put(slice, query.success(caipAddress, cached.data, cached.updatedAt))
      return
    }
    // A stale answer is shown (with its age) while the fresh one loads, or when it cannot.
    const shown = current.updatedAt !== null || !cached ? current : query.success(caipAddress, cached.data, cached.updatedAt)
    if (!online.isOnline()) {
      if (shown !== state) put(slice, shown)
      return
    }
    const failed = (cause?: unknown) => (previous: CoreState[K]) =>
      ({
        ...previous,
        status: 'error',
        error: query.error(cause),
        ...(query.retryBlockMs !== undefined ? { retryBlockedUntil: now() + query.retryBlockMs } : {}),
      }) as CoreState[K]
    if (query.available && !(await query.available(env, caipAddress))) {
      if (isActive(caipAddress)) put(slice, failed()(shown))
      return
    }

    put(slice, { ...shown, status: 'loading' })
    try {
      const { data, updatedAt } = await cache.fetch({ ...at, ttlMs: query.ttlMs, fetch: () => query.fetch(env, caipAddress, { force }) }, { force })
      if (isActive(caipAddress)) put(slice, query.success(caipAddress, data, updatedAt))
    } catch (cause) {
      if (isActive(caipAddress)) store.set((s) => ({ [slice]: failed(cause)(s[slice]) }) as Pick<CoreState, K>)
    }
  }

  return {
    fetch: fetchQuery,
    dedupe: cache.dedupe,

    async read(options, params) {
      await ready()
      const env = currentEnv()
      if (!env) throw new PorticoError(NOT_CONFIGURED, { details: 'A tab calls configure first' })
      return fetchQuery(options(env, params), { force: params.force ?? false })
    },

    sync(query, caipAddress, { force = false } = {}) {
      const env = currentEnv()
      if (!env) return Promise.resolve()
      return cache.dedupe(`sync ${query.location(caipAddress, env).key} ${force}`, () => run(query, caipAddress, env, force))
    },

    async restore(query, caipAddress) {
      const cached = await cache.peek(query.location(caipAddress, currentEnv()))
      return cached ? query.success(caipAddress, cached.data, cached.updatedAt) : query.empty(caipAddress)
    },

    async set(at, data) {
      await cache.set(at, data)
    },

    async setData(query, caipAddress, data) {
      const { updatedAt } = await cache.set(query.location(caipAddress, currentEnv()), data)
      if (isActive(caipAddress)) put(query.slice, query.success(caipAddress, data, updatedAt))
    },
  }
}
