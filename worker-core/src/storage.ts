import { createStore, del, get, set, type UseStore } from 'idb-keyval'
import type { z } from 'zod'
import { STORAGE_VERSION } from '@portico/shared-types/constants'
import { storedRecordSchema } from '@portico/shared-types'

export type StorageKind = 'indexeddb' | 'memory'

/** The core's persistence: versioned, schema-checked records, with an in-memory fallback. */
export interface CoreStorage {
  readonly kind: () => StorageKind
  read<T extends z.ZodType>(key: string, schema: T): Promise<{ data: z.output<T>; savedAt: number } | undefined>
  write(key: string, data: unknown): Promise<void>
  remove(key: string): Promise<void>
}

export type CreateStorageParameters = {
  dbName?: string
  storeName?: string
  /** Called once when IndexedDB cannot be used and the core falls back to memory. */
  onUnavailable?: (error: unknown) => void
  warn?: (message: string) => void
  now?: () => number
}

/**
 * IndexedDB storage through idb-keyval. A record that fails its schema or has another version is
 * dropped with a warning; when IndexedDB fails (missing, blocked, full) storage continues in memory.
 */
export function createStorage(params: CreateStorageParameters = {}): CoreStorage {
  const { dbName = 'portico', storeName = 'core', warn = console.warn, now = Date.now } = params
  const memory = new Map<string, unknown>()
  let store: UseStore | undefined
  let kind: StorageKind = 'indexeddb'

  const fallBack = (error: unknown) => {
    if (kind === 'memory') return
    kind = 'memory'
    warn(`Portico: IndexedDB unavailable, keeping data in memory (${error instanceof Error ? error.message : String(error)})`)
    params.onUnavailable?.(error)
  }

  try {
    if (typeof indexedDB === 'undefined') throw new Error('indexedDB is not defined')
    store = createStore(dbName, storeName)
  } catch (error) {
    fallBack(error)
  }

  return {
    kind: () => kind,
    async read(key, schema) {
      let raw: unknown
      if (kind === 'indexeddb' && store) {
        try {
          raw = await get(key, store)
        } catch (error) {
          fallBack(error)
          raw = memory.get(key)
        }
      } else raw = memory.get(key)
      if (raw === undefined) return undefined
      const parsed = storedRecordSchema(schema).safeParse(raw)
      if (!parsed.success) {
        warn(`Portico: dropped stored record "${key}": it does not match version ${STORAGE_VERSION} of its schema`)
        memory.delete(key)
        if (kind === 'indexeddb' && store) await del(key, store).catch(() => undefined)
        return undefined
      }
      const record = parsed.data as { data: z.output<typeof schema>; savedAt: number }
      return { data: record.data, savedAt: record.savedAt }
    },
    async write(key, data) {
      const record = { v: STORAGE_VERSION, savedAt: now(), data }
      memory.set(key, record)
      if (kind === 'indexeddb' && store) {
        try {
          await set(key, record, store)
        } catch (error) {
          fallBack(error)
        }
      }
    },
    async remove(key) {
      memory.delete(key)
      if (kind === 'indexeddb' && store) await del(key, store).catch(fallBack)
    },
  }
}
