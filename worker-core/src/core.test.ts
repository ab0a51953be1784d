import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CoreState } from '@portico/shared-types'
import { createCore } from './core.ts'
import { createStorage } from './storage.ts'
import { ADDRESS, balance, CAIP_ADDRESS, testConfig } from './test-fixtures.ts'

let dbName: string
let clock: number
beforeEach(() => {
  dbName = `test-${Math.random()}`
  clock = 1_000_000
})
afterEach(() => vi.restoreAllMocks())

function setup(fetchImpl: typeof fetch) {
  const storage = createStorage({ dbName, now: () => clock })
  return createCore({ storage, fetch: fetchImpl, now: () => clock, sleep: async () => {} })
}
const ok = (balances: unknown[]) => async () => new Response(JSON.stringify({ balances }))

describe('core', () => {
  it('fetches balances once a wallet connects and pushes them to every subscriber', async () => {
    const fetchMock = vi.fn(ok([balance(), balance({ symbol: 'ZERO', quantity: { decimals: '0', numeric: '5' }, address: `eip155:31337:${ADDRESS}` })]))
    const core = setup(fetchMock)
    const seenA: CoreState[] = []
    const seenB: CoreState[] = []
    await core.subscribe((s) => void seenA.push(s))
    await core.subscribe((s) => void seenB.push(s))
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet' })
    await vi.waitFor(() => expect(seenB.at(-1)?.balances.status).toBe('success'))
    const last = seenA.at(-1)!
    expect(last.connections.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP_ADDRESS })
    expect(last.balances.data?.map((b) => b.symbol)).toEqual(['ETH'])
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('makes one upstream request per 30 s window however many tabs ask', async () => {
    const fetchMock = vi.fn(ok([balance()]))
    const core = setup(fetchMock)
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    await Promise.all([core.refreshBalances(), core.refreshBalances(), core.refreshBalances()])
    expect(fetchMock).toHaveBeenCalledTimes(1)
    clock += 29_000
    await core.refreshBalances()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    clock += 2_000
    await Promise.all([core.refreshBalances(), core.refreshBalances()])
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('restores the connection and cached balances from IndexedDB without fetching', async () => {
    const first = setup(vi.fn(ok([balance({ quantity: { decimals: '18', numeric: '42.5' } })])))
    await first.configure(testConfig)
    await first.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    const fetchMock = vi.fn(ok([]))
    const second = setup(fetchMock)
    const state = await second.getState()
    expect(state.connections.eip155?.status).toBe('connected')
    expect(state.balances.data?.[0]?.quantity.numeric).toBe('42.5')
    expect(state.balances.updatedAt).toBe(clock)
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("reports 'Token Balance Unavailable' and blocks retries for 30 s, keeping the last data", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementationOnce(ok([balance()])).mockImplementation(async () => new Response('', { status: 500 }))
    const core = setup(fetchMock)
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    clock += 31_000
    await core.refreshBalances()
    let state = await core.getState()
    expect(state.balances.status).toBe('error')
    expect(state.balances.error?.message).toBe('Token Balance Unavailable')
    expect(state.balances.data?.[0]?.symbol).toBe('ETH')
    const calls = fetchMock.mock.calls.length
    expect(calls).toBe(1 + 4)
    clock += 10_000
    await core.refreshBalances()
    expect(fetchMock.mock.calls.length).toBe(calls)
    clock += 21_000
    await core.refreshBalances()
    state = await core.getState()
    expect(fetchMock.mock.calls.length).toBe(calls + 4)
  })

  it('does not fetch while offline and refreshes once when back online', async () => {
    const fetchMock = vi.fn(ok([balance()]))
    const core = setup(fetchMock)
    await core.configure(testConfig)
    await core.setOnline(false)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    expect(fetchMock).not.toHaveBeenCalled()
    await Promise.all([core.setOnline(true), core.setOnline(true)])
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('clears the account on disconnect and persists it', async () => {
    const core = setup(vi.fn(ok([balance()])))
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    await core.setDisconnected('eip155')
    expect((await core.getState()).balances.data).toBeNull()
    const again = setup(vi.fn(ok([])))
    expect((await again.getState()).connections.eip155?.status).toBe('disconnected')
  })

  it('drops a subscriber that stops answering', async () => {
    const storage = createStorage({ dbName })
    const core = createCore({ storage, fetch: vi.fn(ok([])), listenerTimeoutMs: 10 })
    const alive = vi.fn()
    await core.subscribe(() => new Promise(() => {}))
    await core.subscribe(alive)
    await new Promise((r) => setTimeout(r, 30))
    await core.configure(testConfig)
    await vi.waitFor(() => expect(alive).toHaveBeenCalledTimes(2))
  })

  it('rejects a bad configuration with a typed error', async () => {
    const core = setup(vi.fn(ok([])))
    await expect(core.configure({ ...testConfig, projectId: '' })).rejects.toThrow('Project ID Not Configured')
  })
})
