import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import type { z } from 'zod/mini'
import { STORAGE_OPERATION_TIMEOUT_MS, STORAGE_VERSION } from '@portico/shared-types/constants'
import { CACHE_RECORD_KINDS, migrateStoredRecord, PorticoError, StorageUnavailableError, STORED_RECORD_MIGRATIONS, storedRecordSchema, type StoredRecordMigration } from '@portico/shared-types'

export type StorageKind = 'indexeddb' | 'memory'

/** The core's persistence: versioned, schema-checked records, with an in-memory fallback per key. */
export interface CoreStorage {
  /** 'memory' when IndexedDB cannot be used at all; a key that failed alone is kept in memory without changing it. */
  readonly kind: () => StorageKind
  read<T extends z.core.$ZodType>(key: string, schema: T): Promise<{ data: z.output<T>; savedAt: number } | undefined>
  /** `kind` names the record's kind in its envelope (what a full quota's eviction reads); `savedAt` (default now) is the time the data is from. */
  write(key: string, data: unknown, kind?: string, savedAt?: number): Promise<void>
  remove(key: string): Promise<void>
  /** The keys kept in memory only, after IndexedDB failed them twice. */
  memoryKeys(): readonly string[]
}

export type CreateStorageParameters = {
  dbName?: string
  storeName?: string
  /** Called once, at the first operation IndexedDB could not do (or when it is missing): the one report. */
  onUnavailable?: (error: unknown) => void
  warn?: (message: string) => void
  now?: () => number
  /** One IndexedDB operation not answered within this long counts as failed (a blocked database). */
  operationTimeoutMs?: number
  /** Migrations of older records (tests pass their own chain). */
  migrations?: Readonly<Record<number, StoredRecordMigration>>
  version?: number
  /** Record kinds a full quota evicts first. */
  cacheKinds?: ReadonlySet<string>
}

const isQuotaError = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError'
const describe = (error: unknown) => (error instanceof PorticoError && error.details ? `${error.name}: ${error.details}` : error instanceof Error ? `${error.name}: ${error.message}` : String(error))

/** One IndexedDB operation against the store. */
type Attempt = <T>(run: (store: UseStore) => Promise<T>) => Promise<T>

/** `run`'s answer, or a `StorageUnavailableError` when it takes longer than `timeoutMs` (a blocked database). */
function withTimeout<T>(run: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new StorageUnavailableError({ details: `IndexedDB did not answer within ${timeoutMs} ms` })), timeoutMs)
    run().then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/** Drops every cache record (by the kind its envelope names, one of `cacheKinds`); answers how many went. */
async function evictCacheRecords(attempt: Attempt, cacheKinds: ReadonlySet<string>): Promise<number> {
  const all = await attempt((s) => entries(s))
  const caches = all.filter(([, value]) => {
    const recordKind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined
    return typeof recordKind === 'string' && cacheKinds.has(recordKind)
  })
  for (const [key] of caches) await attempt((s) => del(key, s)).catch(() => undefined)
  return caches.length
}

/**
 * IndexedDB storage through idb-keyval. Each record is stored as `{ v, kind, savedAt, data }`; an
 * older version is migrated on read, one that fails its schema or cannot be migrated is dropped with a
 * warning. A failing operation is tried once more; if it fails again only that key is kept in memory
 * from then on (the rest stays in IndexedDB), and the first such failure is reported once. A full
 * quota first evicts the caches (balances, portfolio, Activity, names, images), never the session,
 * its preferences, SIWX tokens or writes in flight, then tries the write again.
 */
export function createStorage(params: CreateStorageParameters = {}): CoreStorage {
  const {
    dbName = 'portico',
    storeName = 'core',
    warn = console.warn,
    now = Date.now,
    operationTimeoutMs = STORAGE_OPERATION_TIMEOUT_MS,
    migrations = STORED_RECORD_MIGRATIONS,
    version = STORAGE_VERSION,
    cacheKinds = CACHE_RECORD_KINDS,
  } = params
  /** Values of the keys kept in memory (all of them when IndexedDB is missing). */
  const memory = new Map<string, unknown>()
  const inMemory = new Set<string>()
  let store: UseStore | undefined
  let kind: StorageKind = 'indexeddb'
  let reported = false

  const report = (error: unknown, key: string | null) => {
    if (reported) return
    reported = true
    warn(`Portico: IndexedDB failed${key === null ? '' : ` for "${key}"`}, keeping ${key === null ? 'data' : 'it'} in memory (${describe(error)})`)
    params.onUnavailable?.(error)
  }

  try {
    if (typeof indexedDB === 'undefined') throw new StorageUnavailableError({ details: 'indexedDB is not defined' })
    store = createStore(dbName, storeName)
  } catch (error) {
    kind = 'memory'
    report(error, null)
  }

  const useMemory = (key: string) => kind === 'memory' || !store || inMemory.has(key)

  /** One IndexedDB operation, failed when it throws or takes longer than the timeout. */
  const attempt: Attempt = (run) => withTimeout(() => run(store!), operationTimeoutMs)
  const evictCaches = () => evictCacheRecords(attempt, cacheKinds)

  /**
   * Runs an operation of `key` against IndexedDB, once more if it fails (after evicting the caches
   * when the quota is full); if it fails again the key is kept in memory from then on. Answers
   * `{ ok: false }` then.
   */
  async function run<T>(key: string, op: (store: UseStore) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      return { ok: true, value: await attempt(op) }
    } catch (first) {
      try {
        if (isQuotaError(first)) {
          const evicted = await evictCaches().catch(() => 0)
          if (evicted > 0) warn(`Portico: storage is full: evicted ${evicted} cached record${evicted === 1 ? '' : 's'} to keep "${key}"`)
        }
        return { ok: true, value: await attempt(op) }
      } catch (second) {
        inMemory.add(key)
        report(second, key)
        return { ok: false }
      }
    }
  }

  async function drop(key: string, reason: string) {
    warn(`Portico: dropped stored record "${key}": ${reason}`)
    memory.delete(key)
    if (!useMemory(key)) await attempt((s) => del(key, s)).catch(() => undefined)
  }

  return {
    kind: () => kind,
    memoryKeys: () => [...inMemory],
    async read(key, schema) {
      let raw: unknown
      if (useMemory(key)) raw = memory.get(key)
      else {
        const answer = await run(key, (s) => get(key, s))
        raw = answer.ok ? answer.value : memory.get(key)
      }
      if (raw === undefined) return undefined
      const current = migrateStoredRecord(raw, key, migrations, version)
      if (!current) {
        await drop(key, `its version cannot be read as version ${version}`)
        return undefined
      }
      const parsed = storedRecordSchema(schema).safeParse({ ...current, v: STORAGE_VERSION })
      if (!parsed.success) {
        await drop(key, `it does not match version ${version} of its schema`)
        return undefined
      }
      const record = parsed.data as { data: z.output<typeof schema>; savedAt: number }
      return { data: record.data, savedAt: record.savedAt }
    },
    async write(key, data, recordKind = 'unknown', savedAt = now()) {
      const record = { v: version, kind: recordKind, savedAt, data }
      if (useMemory(key)) {
        memory.set(key, record)
        return
      }
      const done = await run(key, (s) => set(key, record, s))
      if (!done.ok) memory.set(key, record)
    },
    async remove(key) {
      memory.delete(key)
      if (useMemory(key)) return
      await run(key, (s) => del(key, s))
    },
  }
}
