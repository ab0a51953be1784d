import 'fake-indexeddb/auto'
import { createStore, set } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { createStorage } from './storage.ts'

const schema = z.object({ n: z.number() })

describe('createStorage', () => {
  it('writes versioned records and reads them back', async () => {
    const storage = createStorage({ dbName: 'st-1', now: () => 5 })
    await storage.write('k', { n: 1 })
    expect(await createStorage({ dbName: 'st-1' }).read('k', schema)).toEqual({ data: { n: 1 }, savedAt: 5 })
    expect(storage.kind()).toBe('indexeddb')
  })

  it('drops a record of another version or shape with a warning', async () => {
    await set('old', { v: 0, savedAt: 1, data: { n: 1 } }, createStore('st-2', 'core'))
    await set('bad', { v: 1, savedAt: 1, data: { n: 'one' } }, createStore('st-2', 'core'))
    const warn = vi.fn()
    const storage = createStorage({ dbName: 'st-2', warn })
    expect(await storage.read('old', schema)).toBeUndefined()
    expect(await storage.read('bad', schema)).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(2)
    expect(await createStorage({ dbName: 'st-2' }).read('old', z.unknown())).toBeUndefined()
  })

  it('keeps working in memory when IndexedDB is missing, and says so once', async () => {
    const original = globalThis.indexedDB
    // @ts-expect-error simulate a browser without IndexedDB
    delete globalThis.indexedDB
    try {
      const onUnavailable = vi.fn()
      const storage = createStorage({ onUnavailable, warn: () => {} })
      await storage.write('k', { n: 2 })
      expect(await storage.read('k', schema)).toMatchObject({ data: { n: 2 } })
      expect(storage.kind()).toBe('memory')
      expect(onUnavailable).toHaveBeenCalledTimes(1)
    } finally {
      globalThis.indexedDB = original
    }
  })
})

describe('createStorage when IndexedDB is full', () => {
  it('keeps working in memory and says so once', async () => {
    const warn = vi.fn()
    const onUnavailable = vi.fn()
    const storage = createStorage({ dbName: 'st-full', warn, onUnavailable })
    const quota = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quota
    })
    try {
      await storage.write('a', { n: 1 })
      await storage.write('b', { n: 2 })
      expect(storage.kind()).toBe('memory')
      expect(await storage.read('a', schema)).toMatchObject({ data: { n: 1 } })
      expect(await storage.read('b', schema)).toMatchObject({ data: { n: 2 } })
      expect(onUnavailable).toHaveBeenCalledTimes(1)
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toContain('keeping data in memory')
    } finally {
      put.mockRestore()
    }
  })
})
