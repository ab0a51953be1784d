import 'fake-indexeddb/auto'
import { createStore, get, set } from 'idb-keyval'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { migrateStoredRecord, RECORDS, STORED_RECORD_MIGRATIONS } from '@portico/shared-types'
import { STORAGE_VERSION } from '@portico/shared-types/constants'
import { createStorage } from './storage.ts'

const schema = z.object({ n: z.number() })
const quota = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createStorage', () => {
  it('writes versioned records naming their kind and reads them back', async () => {
    const storage = createStorage({ dbName: 'st-1', now: () => 5 })
    await storage.write('k', { n: 1 }, 'counter')
    expect(await get('k', createStore('st-1', 'core'))).toEqual({ v: STORAGE_VERSION, kind: 'counter', savedAt: 5, data: { n: 1 } })
    expect(await createStorage({ dbName: 'st-1' }).read('k', schema)).toEqual({ data: { n: 1 }, savedAt: 5 })
    expect(storage.kind()).toBe('indexeddb')
  })

  it('drops a record of a later version, or of the wrong shape, with a warning', async () => {
    await set('newer', { v: STORAGE_VERSION + 1, kind: 'counter', savedAt: 1, data: { n: 1 } }, createStore('st-2', 'core'))
    await set('bad', { v: STORAGE_VERSION, kind: 'counter', savedAt: 1, data: { n: 'one' } }, createStore('st-2', 'core'))
    await set('junk', 'not a record', createStore('st-2', 'core'))
    const warn = vi.fn()
    const storage = createStorage({ dbName: 'st-2', warn })
    expect(await storage.read('newer', schema)).toBeUndefined()
    expect(await storage.read('bad', schema)).toBeUndefined()
    expect(await storage.read('junk', schema)).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(3)
    expect(await get('newer', createStore('st-2', 'core'))).toBeUndefined()
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

describe('migrations', () => {
  it('reads a version 1 record of every kind as version 2, its kind taken from its key', async () => {
    const store = createStore('st-mig-1', 'core')
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const caipAddress = `eip155:31337:${address}` as const
    const v1 = [
      [RECORDS.connection.key(), 'connection', { connections: {}, activeNamespace: null, activeCaipNetworkId: 'eip155:31337' }],
      [RECORDS.recentWallets.key(), 'recentWallets', []],
      [RECORDS.siwxSessions.key(), 'siwxSessions', []],
      [RECORDS.accountTypes.key(), 'accountTypes', { eip155: 'eoa' }],
      [RECORDS.nativeBalance.key(caipAddress), 'nativeBalance', { value: '1', decimals: 18, symbol: 'ETH' }],
      [RECORDS.transactions.key(caipAddress), 'transactions', { data: [], next: null }],
      [RECORDS.nftHoldings.key(caipAddress), 'nftHoldings', []],
      [RECORDS.portfolio.key(caipAddress, 'usd'), 'portfolio', { source: 'api', balances: [] }],
    ] as const
    for (const [key, , data] of v1) await set(key, { v: 1, savedAt: 7, data }, store)
    const warn = vi.fn()
    const storage = createStorage({ dbName: 'st-mig-1', warn })
    const byKind = Object.fromEntries(Object.values(RECORDS).map((r) => [r.kind, r.schema]))
    for (const [key, kind, data] of v1) {
      expect(migrateStoredRecord({ v: 1, savedAt: 7, data }, key)).toEqual({ v: 2, kind, savedAt: 7, data })
      // A field added since (the connection's wallet list) reads as its default.
      const read = kind === 'connection' ? { ...data, wallets: [] } : data
      expect(await storage.read(key, byKind[kind]!), key).toEqual({ data: read, savedAt: 7 })
    }
    expect(warn).not.toHaveBeenCalled()
  })

  it('drops a version 1 record under a key of no known kind', async () => {
    expect(migrateStoredRecord({ v: 1, savedAt: 1, data: {} }, 'something-else')).toBeNull()
    expect(STORED_RECORD_MIGRATIONS[1]).toBeTypeOf('function')
  })

  it('runs a chain of migrations in order, and drops a record a step refuses or no step covers', async () => {
    const migrations = {
      1: (r: Record<string, unknown> & { v: number }) => ({ ...r, v: 2, kind: 'counter' }),
      2: (r: Record<string, unknown> & { v: number }) => (typeof (r['data'] as { count?: unknown }).count === 'number' ? { ...r, v: 3, data: { n: (r['data'] as { count: number }).count } } : null),
    }
    const store = createStore('st-mig-2', 'core')
    await set('from-1', { v: 1, savedAt: 1, data: { count: 4 } }, store)
    await set('refused', { v: 1, savedAt: 1, data: { count: 'four' } }, store)
    await set('from-0', { v: 0, savedAt: 1, data: { n: 1 } }, store)
    const warn = vi.fn()
    const storage = createStorage({ dbName: 'st-mig-2', migrations, version: 3, warn })
    expect(await storage.read('from-1', schema)).toEqual({ data: { n: 4 }, savedAt: 1 })
    expect(await storage.read('refused', schema)).toBeUndefined()
    expect(await storage.read('from-0', schema)).toBeUndefined()
    expect(warn).toHaveBeenCalledTimes(2)
  })
})

describe('a failing operation falls back for its key only', () => {
  it('tries once more, then keeps that key in memory; the other keys stay in IndexedDB; reported once', async () => {
    const warn = vi.fn()
    const onUnavailable = vi.fn()
    const storage = createStorage({ dbName: 'st-key', warn, onUnavailable })
    const put = IDBObjectStore.prototype.put
    let failing = 0
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (key === 'bad' || key === 'bad-2') {
        failing++
        throw new DOMException('The operation failed for reasons unrelated to the database itself', 'UnknownError')
      }
      return put.call(this, value, key)
    })
    await storage.write('bad', { n: 1 })
    expect(failing).toBe(2)
    await storage.write('bad-2', { n: 3 })
    await storage.write('good', { n: 2 })
    expect(storage.memoryKeys()).toEqual(['bad', 'bad-2'])
    expect(storage.kind()).toBe('indexeddb')
    expect(await storage.read('bad', schema)).toMatchObject({ data: { n: 1 } })
    expect(await storage.read('good', schema)).toMatchObject({ data: { n: 2 } })
    // The good key is in IndexedDB; the bad one only in this storage's memory.
    const store = createStore('st-key', 'core')
    expect(await get('good', store)).toMatchObject({ data: { n: 2 } })
    expect(await get('bad', store)).toBeUndefined()
    expect(onUnavailable).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toContain('"bad"')
  })

  it('a write that fails once and works the second time stays in IndexedDB', async () => {
    const storage = createStorage({ dbName: 'st-once', warn: () => undefined })
    const put = IDBObjectStore.prototype.put
    let calls = 0
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      calls++
      if (calls === 1) throw new DOMException('transient', 'UnknownError')
      return put.call(this, value, key)
    })
    await storage.write('k', { n: 9 })
    expect(calls).toBe(2)
    expect(storage.memoryKeys()).toEqual([])
    expect(await get('k', createStore('st-once', 'core'))).toMatchObject({ data: { n: 9 } })
  })

  it('a blocked database (no answer) counts as a failure after the operation timeout', async () => {
    // An open request that never succeeds: what another tab's pending version change does.
    vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => ({}) as IDBOpenDBRequest)
    const storage = createStorage({ dbName: 'st-blocked', warn: () => undefined, operationTimeoutMs: 20 })
    await expect(storage.read('k', schema)).resolves.toBeUndefined()
    expect(storage.memoryKeys()).toEqual(['k'])
    await storage.write('k', { n: 1 })
    expect(await storage.read('k', schema)).toMatchObject({ data: { n: 1 } })
  })
})

describe('a full quota', () => {
  it('evicts the caches (balances, portfolio, Activity, names) and never the session or SIWX tokens, then writes', async () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const caipAddress = `eip155:31337:${address}` as const
    const warn = vi.fn()
    const storage = createStorage({ dbName: 'st-quota', warn })
    await storage.write(RECORDS.connection.key(), { connections: {}, activeNamespace: null, activeCaipNetworkId: null }, 'connection')
    await storage.write(RECORDS.siwxSessions.key(), [], 'siwxSessions')
    await storage.write(RECORDS.embeddedWallet.key(), { loginUsed: true, email: null, lastChain: null, socialUsername: null }, 'embeddedWallet')
    await storage.write(RECORDS.pendingTransactions.key(), [], 'pendingTransactions')
    await storage.write(RECORDS.portfolio.key(caipAddress, 'usd'), { source: 'api', balances: [] }, 'portfolio')
    await storage.write(RECORDS.nativeBalance.key(caipAddress), { value: '1', decimals: 18, symbol: 'ETH' }, 'nativeBalance')
    await storage.write(RECORDS.transactions.key(caipAddress), { data: [], next: null }, 'transactions')
    await storage.write(RECORDS.names.key(address), { names: [] }, 'names')
    // A quota that a large record only fits once the caches are gone.
    const store = createStore('st-quota', 'core')
    const put = IDBObjectStore.prototype.put
    let full = true
    const del = IDBObjectStore.prototype.delete
    vi.spyOn(IDBObjectStore.prototype, 'delete').mockImplementation(function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      full = false
      return del.call(this, key)
    })
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (full) throw quota()
      return put.call(this, value, key)
    })
    await storage.write(RECORDS.siwxSessions.key(), [{ big: true }], 'siwxSessions')
    vi.restoreAllMocks()
    expect(storage.memoryKeys()).toEqual([])
    for (const key of [RECORDS.portfolio.key(caipAddress, 'usd'), RECORDS.nativeBalance.key(caipAddress), RECORDS.transactions.key(caipAddress), RECORDS.names.key(address)]) {
      expect(await get(key, store), key).toBeUndefined()
    }
    for (const key of [RECORDS.connection.key(), RECORDS.embeddedWallet.key(), RECORDS.pendingTransactions.key()]) {
      expect(await get(key, store), key).toMatchObject({ v: STORAGE_VERSION })
    }
    expect(await get(RECORDS.siwxSessions.key(), store)).toMatchObject({ data: [{ big: true }] })
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toContain('evicted 4 cached records')
  })

  it('still full after the eviction: that key is kept in memory, reported once', async () => {
    const warn = vi.fn()
    const onUnavailable = vi.fn()
    const storage = createStorage({ dbName: 'st-full', warn, onUnavailable })
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw quota()
    })
    await storage.write('a', { n: 1 })
    await storage.write('b', { n: 2 })
    expect(storage.kind()).toBe('indexeddb')
    expect(storage.memoryKeys()).toEqual(['a', 'b'])
    expect(await storage.read('a', schema)).toMatchObject({ data: { n: 1 } })
    expect(await storage.read('b', schema)).toMatchObject({ data: { n: 2 } })
    expect(onUnavailable).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toContain('keeping it in memory')
  })
})
