import 'fake-indexeddb/auto'
import { createStore, get, set } from 'idb-keyval'
import { describe, expect, it, vi } from 'vitest'
import { RECORDS } from '@portico/shared-types'
import { STORAGE_VERSION } from '@portico/shared-types/constants'
import type { PendingTransaction } from '@portico/shared-types/write'
import { createCore } from './core.ts'
import { createStorage, type CoreStorage } from './infra/storage.ts'
import { CAIP_ADDRESS } from '../test/fixtures.ts'

const connection = {
  connections: { eip155: { status: 'connected', caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X', connectorType: null } },
  activeNamespace: 'eip155',
  activeCaipNetworkId: 'eip155:31337',
}
const pending = (hash: string): PendingTransaction => ({
  hash,
  caipNetworkId: 'eip155:31337',
  from: CAIP_ADDRESS.split(':')[2]!,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  kind: 'send',
  amount: '0.5',
  symbol: 'ETH',
  status: 'pending',
  submittedAt: 1,
})

describe('the restore of the stored session', () => {
  it('gives up after its timeout and starts fresh; an answer that comes later is not applied', async () => {
    let answer: (value: undefined) => void = () => undefined
    const stuck = new Promise<undefined>((resolve) => (answer = resolve))
    const reads: string[] = []
    const storage: CoreStorage = {
      kind: () => 'indexeddb',
      memoryKeys: () => [],
      read: async (key) => {
        reads.push(key)
        await stuck
        return key === RECORDS.connection.key() ? ({ data: connection, savedAt: 1 } as never) : undefined
      },
      write: async () => undefined,
      remove: async () => undefined,
    }
    const warn = vi.fn()
    const core = createCore({ storage, warn, restoreTimeoutMs: 30 })
    await core.ready
    expect(reads).toContain(RECORDS.connection.key())
    expect(warn).toHaveBeenCalledWith('Portico: the stored session was not read within 30 ms; starting fresh')
    expect((await core.getState()).connections).toEqual({})
    answer(undefined)
    await stuck
    await new Promise((r) => setTimeout(r, 0))
    expect((await core.getState()).connections).toEqual({})
    core.dispose()
  })

  it('a database that never opens (blocked) still lets the core start, in memory for what it could not read', async () => {
    const open = vi.spyOn(IDBFactory.prototype, 'open').mockImplementation(() => ({}) as IDBOpenDBRequest)
    try {
      const warnings: string[] = []
      const core = createCore({ storage: createStorage({ dbName: 'blocked', operationTimeoutMs: 20, warn: (m) => warnings.push(m) }), warn: (m) => warnings.push(m) })
      await core.ready
      expect((await core.getState()).connections).toEqual({})
      await core.setPreferredAccountType('eip155', 'eoa')
      expect((await core.getState()).accountTypes).toEqual({ eip155: 'eoa' })
      expect(warnings.filter((w) => w.startsWith('Portico: IndexedDB failed'))).toHaveLength(1)
      core.dispose()
    } finally {
      open.mockRestore()
    }
  })

  it('restores the pending transactions (shown at once, before any tab configures the core)', async () => {
    const dbName = `pending-${Math.random()}`
    const store = createStore(dbName, 'core')
    await set(RECORDS.connection.key(), { v: STORAGE_VERSION, kind: 'connection', savedAt: 1, data: connection }, store)
    await set(RECORDS.pendingTransactions.key(), { v: STORAGE_VERSION, kind: 'pendingTransactions', savedAt: 1, data: [pending(`0x${'ab'.repeat(32)}`)] }, store)
    const core = createCore({ storage: createStorage({ dbName, warn: () => undefined }), warn: () => undefined })
    expect((await core.getState()).pendingTransactions).toEqual([pending(`0x${'ab'.repeat(32)}`)])
    core.dispose()
  })

  it('a version 1 store (before kinds were named) restores through the migration', async () => {
    const dbName = `v1-${Math.random()}`
    const store = createStore(dbName, 'core')
    await set(RECORDS.connection.key(), { v: 1, savedAt: 1, data: connection }, store)
    await set(RECORDS.accountTypes.key(), { v: 1, savedAt: 1, data: { eip155: 'smartAccount' } }, store)
    const warnings: string[] = []
    const core = createCore({ storage: createStorage({ dbName, warn: (m) => warnings.push(m) }), warn: (m) => warnings.push(m) })
    expect(await core.getState()).toMatchObject({ connections: { eip155: { status: 'connected', caipAddress: CAIP_ADDRESS } }, accountTypes: { eip155: 'smartAccount' } })
    expect(warnings).toEqual([])
    // Written again at version 2, with its kind.
    await core.setPreferredAccountType('eip155', 'eoa')
    expect(await get(RECORDS.accountTypes.key(), store)).toMatchObject({ v: 2, kind: 'accountTypes', data: { eip155: 'eoa' } })
    core.dispose()
  })
})
