import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { followStateChanges, type CoreState, type CoreStateChange } from '@portico/shared-types'
import { createCore } from './core.ts'
import { createStorage } from './infra/storage.ts'
import { ADDRESS, balance, BALANCE_CALL, CAIP_ADDRESS, json, RPC_CALL, setupCore, testConfig } from '../test/fixtures.ts'

afterEach(() => vi.restoreAllMocks())

const connect = (core: ReturnType<typeof setupCore>['core'], caipAddress: `eip155:${string}:${string}` = CAIP_ADDRESS) =>
  core.setConnected({ caipAddress, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet' })

describe('core: connection and pushes', () => {
  it('fetches balances once a wallet connects and pushes them to every subscriber', async () => {
    const { core, upstream } = setupCore()
    upstream.on(BALANCE_CALL, () => json({ balances: [balance(), balance({ symbol: 'ZERO', quantity: { decimals: '0', numeric: '5' }, address: `eip155:31337:${ADDRESS}` })] }))
    const seenA: CoreState[] = []
    const seenB: CoreState[] = []
    await core.subscribe(followStateChanges((s) => void seenA.push(s)))
    await core.subscribe(followStateChanges((s) => void seenB.push(s)))
    await core.configure(testConfig)
    await connect(core)
    await vi.waitFor(() => expect(seenB.at(-1)?.balances.status).toBe('success'))
    const last = seenA.at(-1)!
    expect(last.connections.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP_ADDRESS })
    expect(last.balances.data?.map((b) => b.symbol)).toEqual(['ETH'])
    expect(last.balances.source).toBe('api')
    expect(upstream.count(BALANCE_CALL)).toBe(1)
  })

  it('configuring fetches nothing: the core reads the network only when a tab asks', async () => {
    const { core, upstream } = setupCore()
    await core.configure(testConfig)
    await core.configure(testConfig)
    expect(upstream.calls).toEqual([])
  })

  it('pushes the current state to a late subscriber at once', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    const late = vi.fn()
    await core.subscribe(late)
    await vi.waitFor(() => expect(late).toHaveBeenCalledTimes(1))
    // The first push of a subscription holds every slice.
    const first = late.mock.calls[0]![0] as CoreStateChange
    expect(first.changed.connections?.eip155?.status).toBe('connected')
    expect(Object.keys(first.changed).sort()).toEqual(Object.keys(await core.getState()).sort())
  })

  it('then sends each subscriber only the slices that changed since its last push, and a busy one what it missed in one', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    const changes: CoreStateChange[] = []
    await core.subscribe((change) => void changes.push(change))
    await vi.waitFor(() => expect(changes).toHaveLength(1))
    await core.setOnline(false)
    await vi.waitFor(() => expect(changes).toHaveLength(2))
    expect(changes[1]).toEqual({ revision: (await core.getState()).revision, changed: { online: false } })

    // A tab that answers slowly: the changes made meanwhile reach it as one, with every slice that moved.
    let answer: () => void = () => {}
    const slow: CoreStateChange[] = []
    await core.subscribe((change) => {
      slow.push(change)
      return slow.length === 1 ? new Promise<void>((resolve) => (answer = resolve)) : undefined
    })
    await vi.waitFor(() => expect(slow).toHaveLength(1))
    await core.setOnline(true)
    await core.setOnline(false)
    await core.setOnline(true)
    answer()
    await vi.waitFor(() => expect(slow).toHaveLength(2))
    const state = await core.getState()
    // Three changes while it was busy, one push: the latest revision, online as it is now.
    expect(slow[1]).toEqual({ revision: state.revision, changed: { online: true } })
    // Added up, the changes are the core's state.
    const followed = slow.reduce<Partial<CoreState>>((s, c) => ({ ...s, ...c.changed, revision: c.revision }), {})
    expect(followed).toEqual(state)
  })

  it('drops a subscriber that stops answering', async () => {
    const storage = createStorage({ dbName: `drop-${Math.random()}` })
    const core = createCore({ storage, fetch: vi.fn(), listenerTimeoutMs: 10 })
    const alive = vi.fn()
    await core.subscribe(() => new Promise(() => {}))
    await core.subscribe(alive)
    await new Promise((r) => setTimeout(r, 30))
    await core.configure(testConfig)
    await vi.waitFor(() => expect(alive).toHaveBeenCalledTimes(2))
  })

  it('rejects a bad configuration with a typed error', async () => {
    const { core } = setupCore()
    await expect(core.configure({ ...testConfig, networks: [] })).rejects.toThrow('At least one network is required')
  })

  it('takes a configuration without a project id (the modal says so) and asks nothing of the services for it', async () => {
    const { core, upstream } = setupCore()
    await expect(core.configure({ ...testConfig, projectId: '' })).resolves.toMatchObject({ configured: true })
    await core.track({ event: 'MODAL_OPEN', url: 'http://dapp.test/', domain: 'dapp.test', timestamp: 1, gpc: false })
    await core.setVisibility('tab', false)
    expect(upstream.calls).toEqual([])
  })

  it('clears the account on disconnect and persists it', async () => {
    const { core, dbName, clock } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    await core.setDisconnected('eip155')
    const state = await core.getState()
    expect(state.balances.data).toBeNull()
    expect(state.identity.name).toBeNull()
    const again = setupCore({ dbName, clock })
    expect((await again.core.getState()).connections.eip155?.status).toBe('disconnected')
  })

  it('an answer asked while the wallet held the account (whileHeld) does not bring it back after a disconnect, and still follows a change while held', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    const other = `eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8` as const
    // Held: the wallet's account change applies.
    await core.setConnected({ caipAddress: other, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet', whileHeld: true })
    expect((await core.getState()).connections.eip155).toMatchObject({ status: 'connected', caipAddress: other })
    // Another connector's answer is not this connection's.
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'io.metamask', connectorName: 'MetaMask', whileHeld: true })
    expect((await core.getState()).connections.eip155).toMatchObject({ connectorId: 'dev.portico.sandbox-wallet', caipAddress: other })
    // Another tab disconnects; this tab's check, asked before, answers after it.
    await core.setDisconnected('eip155')
    await core.setConnected({ caipAddress: other, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet', whileHeld: true })
    const state = await core.getState()
    expect(state.connections.eip155?.status).toBe('disconnected')
    expect(state.balances.data).toBeNull()
    // A connect the visitor makes is not an answer: it connects.
    await connect(core)
    expect((await core.getState()).connections.eip155?.status).toBe('connected')
  })

  it('a check that the wallet still knows the page (whileHeld) answering the held account never moves the network: a chain change that arrived meanwhile stays', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    const onB = CAIP_ADDRESS.replace('eip155:31337:', 'eip155:31338:') as typeof CAIP_ADDRESS
    // The wallet switches to chain B (its event reaches the core) ...
    await core.setConnected({ caipAddress: onB, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet' })
    expect((await core.getState()).activeCaipNetworkId).toBe('eip155:31338')
    // ... then a tab's check, asked while the wallet was on chain A, answers the same account on A (in lower case).
    await core.setConnected({ caipAddress: CAIP_ADDRESS.toLowerCase() as typeof CAIP_ADDRESS, connectorId: 'dev.portico.sandbox-wallet', connectorName: 'Sandbox Wallet', whileHeld: true })
    const state = await core.getState()
    expect(state.activeCaipNetworkId).toBe('eip155:31338')
    expect(state.connections.eip155?.caipAddress).toBe(onB)
  })

  it('a connect call answered after the core recorded the connection itself (connectAnswer) confirms it and leaves a later chain switch; a first answer records it', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    const wc = { connectorId: 'walletConnect', connectorName: 'WalletConnect', connectorType: 'WALLET_CONNECT' as const }
    // Nothing held yet: the answer records the connection.
    await core.setConnecting('eip155', wc.connectorId, wc.connectorType)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, ...wc, connectAnswer: true })
    expect((await core.getState()).connections.eip155).toMatchObject({ status: 'connected', caipAddress: CAIP_ADDRESS })
    // The wallet switches to chain B (the core hears it from the session) before the page's answer to its connect arrives.
    const onB = CAIP_ADDRESS.replace('eip155:31337:', 'eip155:31338:') as typeof CAIP_ADDRESS
    await core.setConnected({ caipAddress: onB, ...wc })
    await core.setConnected({ caipAddress: CAIP_ADDRESS, ...wc, connectAnswer: true })
    const state = await core.getState()
    expect(state.activeCaipNetworkId).toBe('eip155:31338')
    expect(state.connections.eip155?.caipAddress).toBe(onB)
    // Another account answered is a new connection, recorded.
    const other = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as typeof CAIP_ADDRESS
    await core.setConnected({ caipAddress: other, ...wc, connectAnswer: true })
    expect((await core.getState()).connections.eip155?.caipAddress).toBe(other)
  })

  it('a wallet’s disconnect (connectorId) ends the namespace only while that connector holds it, whatever the asking tab believed', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    // Another wallet's event: not this connection's.
    await core.setDisconnected('eip155', { connectorId: 'io.metamask' })
    expect((await core.getState()).connections.eip155?.status).toBe('connected')
    // The holding wallet's: it ends.
    await core.setDisconnected('eip155', { connectorId: 'dev.portico.sandbox-wallet' })
    expect((await core.getState()).connections.eip155?.status).toBe('disconnected')
    // Late again after the visitor connected another wallet: the other wallet stays.
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'io.metamask', connectorName: 'MetaMask' })
    await core.setDisconnected('eip155', { connectorId: 'dev.portico.sandbox-wallet' })
    expect((await core.getState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'io.metamask' })
  })

  it.each([
    ['WALLET_CONNECT', 'walletConnect'],
    ['AUTH', 'auth'],
  ] as const)('disconnecting a %s namespace disconnects the others of that connector type (SPEC.md §4)', async (connectorType, connectorId) => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', connectorId, connectorName: 'Shared', connectorType })
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId, connectorName: 'Shared', connectorType })
    await core.setConnected({
      caipAddress: 'bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      connectorId: 'dev.other',
      connectorName: 'Other',
      connectorType: 'ANNOUNCED',
    })
    await core.setDisconnected('eip155')
    const { connections } = await core.getState()
    expect([connections.eip155?.status, connections.solana?.status, connections.bip122?.status]).toEqual(['disconnected', 'disconnected', 'connected'])
  })

  it('disconnecting an announced wallet leaves the other namespaces, even of the same type', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await core.setConnected({
      caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      connectorId: 'app.phantom',
      connectorName: 'Phantom',
      connectorType: 'ANNOUNCED',
    })
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'io.metamask', connectorName: 'MetaMask', connectorType: 'ANNOUNCED' })
    await core.setDisconnected('eip155')
    const { connections } = await core.getState()
    expect([connections.eip155?.status, connections.solana?.status]).toEqual(['disconnected', 'connected'])
    expect(connections.solana?.connectorType).toBe('ANNOUNCED')
  })

  it('restores the connection, cached balances and identity from IndexedDB without fetching', async () => {
    const first = setupCore()
    first.upstream.on(BALANCE_CALL, () => json({ balances: [balance({ quantity: { decimals: '18', numeric: '42.5' } })] }))
    await first.core.configure(testConfig)
    await connect(first.core)
    const second = setupCore({ dbName: first.dbName, clock: first.clock })
    const state = await second.core.getState()
    expect(state.connections.eip155?.status).toBe('connected')
    expect(state.balances.data?.[0]?.quantity.numeric).toBe('42.5')
    expect(state.balances.updatedAt).toBe(first.clock.now)
    expect(state.nativeBalance).toMatchObject({ status: 'success', formatted: '2', symbol: 'ETH' })
    expect(state.identity).toMatchObject({ status: 'success', name: 'alice.reown.id' })
    expect(second.upstream.calls).toEqual([])
  })
})

describe('core: online and visibility from the tabs', () => {
  it('does not fetch while offline and refreshes once when back online, however many tabs say so', async () => {
    const { core, upstream } = setupCore()
    await core.configure(testConfig)
    await core.setOnline(false)
    await connect(core)
    expect(upstream.calls).toEqual([])
    expect((await core.getState()).online).toBe(false)
    await Promise.all([core.setOnline(true), core.setOnline(true), core.setOnline(true)])
    expect(upstream.count(BALANCE_CALL)).toBe(1)
    expect(upstream.count(RPC_CALL)).toBe(1)
  })

  it('refreshes stale data once when a tab becomes visible after none was', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await core.setVisibility('a', true)
    await core.setVisibility('b', true)
    await connect(core)
    expect(upstream.count(BALANCE_CALL)).toBe(1)
    await core.setVisibility('a', false)
    await core.setVisibility('b', false)
    clock.now += 31_000
    await Promise.all([core.setVisibility('a', true), core.setVisibility('b', true)])
    expect(upstream.count(BALANCE_CALL)).toBe(2)
    // Visible again within the cache window: nothing to fetch.
    await core.setVisibility('a', false)
    await core.setVisibility('b', false)
    await core.setVisibility('b', true)
    expect(upstream.count(BALANCE_CALL)).toBe(2)
  })
})

describe('core: nothing before a tab asks', () => {
  it('a restored session is not refreshed by online or visibility changes until a tab asks', async () => {
    const first = setupCore()
    await first.core.configure(testConfig)
    await connect(first.core)
    const { core, upstream, clock } = setupCore({ dbName: first.dbName, clock: first.clock })
    await core.configure(testConfig)
    clock.now += 60_000
    await core.setVisibility('a', false)
    await core.setVisibility('a', true)
    await core.setOnline(false)
    await core.setOnline(true)
    expect(upstream.calls).toEqual([])
    await core.refresh()
    expect(upstream.count(BALANCE_CALL)).toBe(1)
  })
})
