import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { followStateChanges, type CoreState } from '@portico/shared-types'
import { WRITE_OUTCOME_UNKNOWN_CODE } from '@portico/shared-types/write'
import { createCoreHub, type CoreHub, type LockManagerLike } from './hub.ts'
import { BALANCE_CALL, CAIP_ADDRESS, fakeUpstream, json, setupCore, testConfig } from '../../test/fixtures.ts'

/** Web Locks as a browser grants them: one holder per name, waiters in order, `ifAvailable` answers null. */
function fakeLocks(): LockManagerLike {
  const held = new Set<string>()
  const queues = new Map<string, (() => void)[]>()
  const grant = (name: string, callback: (lock: unknown) => unknown) =>
    new Promise<unknown>((resolve, reject) => {
      held.add(name)
      Promise.resolve(callback({ name }))
        .then(resolve, reject)
        .finally(() => {
          held.delete(name)
          queues.get(name)?.shift()?.()
        })
    })
  return {
    request(name, options, callback) {
      if (!held.has(name)) return grant(name, callback)
      if (options.ifAvailable) return Promise.resolve(callback(null))
      return new Promise((resolve, reject) => {
        const queue = queues.get(name) ?? []
        const entry = () => void grant(name, callback).then(resolve, reject)
        queue.push(entry)
        queues.set(name, queue)
        options.signal?.addEventListener('abort', () => {
          queue.splice(queue.indexOf(entry), 1)
          reject(new Error('AbortError'))
        })
      })
    },
  }
}

const hubs: CoreHub[] = []
afterEach(() => {
  for (const hub of hubs.splice(0)) hub.dispose()
})

function group({ onCore }: { onCore?: (core: ReturnType<typeof setupCore>['core'], tabId: string) => void } = {}) {
  const channelName = `portico-test-${Math.random()}`
  const locks = fakeLocks()
  const upstream = fakeUpstream()
  const clock = { now: 1_000_000 }
  const dbName = `hub-${Math.random()}`
  const created: string[] = []
  function tab(tabId: string, withLocks: LockManagerLike | 'none' = locks) {
    const warnings: string[] = []
    const hub = createCoreHub({
      tabId,
      channel: new BroadcastChannel(channelName),
      locks: withLocks === 'none' ? undefined : withLocks,
      warn: (message) => void warnings.push(message),
      createCore: () => {
        created.push(tabId)
        const { core } = setupCore({ dbName, upstream, clock })
        onCore?.(core, tabId)
        return core
      },
    })
    hubs.push(hub)
    const seen: CoreState[] = []
    void hub.subscribe(followStateChanges((s) => void seen.push(s)))
    return { hub, seen, warnings, last: () => seen.at(-1) }
  }
  return { tab, upstream, created, clock, locks, channelName }
}

describe('dedicated-worker fallback: one leader through Web Locks, state through BroadcastChannel', () => {
  it('runs the core in one tab only; every tab calls it and sees every change; N tabs cost one fetch', async () => {
    const { tab, upstream, created } = group()
    const one = tab('one')
    await one.hub.ready
    const two = tab('two')
    const three = tab('three')
    await Promise.all([two.hub.ready, three.hub.ready])
    expect([one.hub.role(), two.hub.role(), three.hub.role()]).toEqual(['leader', 'follower', 'follower'])
    expect(created).toEqual(['one'])

    await Promise.all([one.hub.configure(testConfig), two.hub.configure(testConfig), three.hub.configure(testConfig)])
    await two.hub.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    for (const t of [one, two, three]) await vi.waitFor(() => expect(t.last()?.balances.status).toBe('success'))
    await Promise.all([one.hub.refresh(), two.hub.refresh(), three.hub.refresh()])
    expect(upstream.count(BALANCE_CALL)).toBe(1)

    await three.hub.setDisconnected('eip155')
    for (const t of [one, two, three]) await vi.waitFor(() => expect(t.last()?.connections.eip155?.status).toBe('disconnected'))
  })

  it('gives a tab that opens late the current state at once', async () => {
    const { tab } = group()
    const one = tab('one')
    await one.hub.configure(testConfig)
    await one.hub.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    const late = tab('late')
    await vi.waitFor(() => expect(late.last()?.connections.eip155?.status).toBe('connected'))
    expect((await late.hub.getState()).balances.status).toBe('success')
  })

  it('answers reads and errors of the leader to a follower', async () => {
    const { tab, upstream } = group()
    const one = tab('one')
    await one.hub.configure(testConfig)
    const two = tab('two')
    await two.hub.ready
    upstream.on(/^GET \/getWallets$/, () => json({ count: 1, data: [{ id: 'w', name: 'W', image_id: null, rdns: null, chains: [], mobile_link: null, desktop_link: null, webapp_link: null }] }))
    expect((await two.hub.getWallets({ page: 1 })).data.map((w) => w.id)).toEqual(['w'])
    await expect(two.hub.loadTransactions()).rejects.toThrow("Transactions can't be fetched without an accountAddress")
  })

  it('hands over when the leader tab closes: another tab takes the lock, restores from IndexedDB and answers calls', async () => {
    const { tab, upstream, created, clock } = group()
    const one = tab('one')
    await one.hub.configure(testConfig)
    await one.hub.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    const two = tab('two')
    const three = tab('three')
    await vi.waitFor(() => expect(three.last()?.connections.eip155?.status).toBe('connected'))
    await two.hub.configure(testConfig)
    await three.hub.configure(testConfig)
    const revisionsBefore = two.seen.length

    one.hub.dispose()
    await vi.waitFor(() => expect(two.hub.role()).toBe('leader'))
    expect(three.hub.role()).toBe('follower')
    expect(created).toEqual(['one', 'two'])

    clock.now += 31_000
    await three.hub.refresh()
    expect(upstream.count(BALANCE_CALL)).toBe(2)
    await three.hub.setDisconnected('eip155')
    for (const t of [two, three]) await vi.waitFor(() => expect(t.last()?.connections.eip155?.status).toBe('disconnected'))
    // Each tab saw its revisions rise, across the change of leader.
    for (const t of [two, three]) {
      const revisions = t.seen.map((s) => s.revision)
      expect(revisions).toEqual([...revisions].sort((a, b) => a - b))
      expect(new Set(revisions).size).toBe(revisions.length)
    }
    expect(two.seen.length).toBeGreaterThan(revisionsBefore)
  })

  it('a leader change never runs a WalletConnect request again: answered as cut off (outcome unknown); reads are sent again', async () => {
    const wcCalls: string[] = []
    const { tab } = group({
      onCore(core, tabId) {
        core.walletConnectRequest = async () => {
          wcCalls.push(tabId)
          return { ok: true, result: '0xhash' }
        }
      },
    })
    const one = tab('one')
    await one.hub.ready
    const two = tab('two')
    await two.hub.ready
    expect(two.hub.role()).toBe('follower')
    await two.hub.configure(testConfig)
    // The leader's tab closes while the follower's calls are on their way to it.
    const request = two.hub.walletConnectRequest({ method: 'eth_sendTransaction', params: [{ from: '0x0', to: '0x1' }] } as never)
    const state = two.hub.getState()
    one.hub.dispose()
    await expect(request).resolves.toMatchObject({ ok: false, error: { code: WRITE_OUTCOME_UNKNOWN_CODE } })
    await expect(state).resolves.toMatchObject({ configured: true })
    expect(two.hub.role()).toBe('leader')
    expect(wcCalls).toEqual([])
    // Asked afresh, the new leader runs it once.
    await expect(two.hub.walletConnectRequest({ method: 'eth_sendTransaction', params: [] } as never)).resolves.toEqual({ ok: true, result: '0xhash' })
    expect(wcCalls).toEqual(['two'])
  })

  it("answers the page's heartbeat itself, with the revision it last pushed", async () => {
    const { tab } = group()
    const one = tab('one')
    await one.hub.configure(testConfig)
    await vi.waitFor(() => expect(one.last()?.configured).toBe(true))
    expect(await one.hub.heartbeat()).toBe(one.last()?.revision)
  })

  it('holds calls made before any leader exists and delivers them to the first one', async () => {
    const { tab, created, locks } = group()
    let release!: () => void
    // Something else holds the lock (a tab still closing): both tabs start as followers.
    void locks.request('portico-core-leader', {}, () => new Promise<void>((r) => (release = r)))
    const one = tab('one')
    const two = tab('two')
    await Promise.all([one.hub.ready, two.hub.ready])
    expect([one.hub.role(), two.hub.role()]).toEqual(['follower', 'follower'])
    const configured = Promise.all([one.hub.configure(testConfig), two.hub.configure(testConfig)])
    await new Promise((r) => setTimeout(r, 10))
    expect(created).toEqual([])
    release()
    await expect(configured).resolves.toMatchObject([{ configured: true }, { configured: true }])
    expect(created).toEqual(['one'])
    await vi.waitFor(() => expect(two.last()?.configured).toBe(true))
  })

  it('without Web Locks, each tab runs its own core (correct, not shared)', async () => {
    const { tab, created } = group()
    const one = tab('one', 'none')
    const two = tab('two', 'none')
    await Promise.all([one.hub.ready, two.hub.ready])
    expect([one.hub.role(), two.hub.role()]).toEqual(['leader', 'leader'])
    expect(created).toEqual(['one', 'two'])
  })

  it('ignores messages on its channel that are not the protocol, with one warning, and keeps its state', async () => {
    const { tab, channelName } = group()
    const one = tab('one')
    await one.hub.configure(testConfig)
    await one.hub.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    const two = tab('two')
    await vi.waitFor(() => expect(two.last()?.connections.eip155?.status).toBe('connected'))
    const seenBefore = [one.seen.length, two.seen.length]

    // A stranger on the hub's own channel: what it posts would disconnect, dispose or replace the state if it were obeyed.
    const stranger = new BroadcastChannel(channelName)
    const answers: unknown[] = []
    stranger.addEventListener('message', (event) => void answers.push(event.data))
    for (const message of [
      'hello',
      null,
      42,
      { t: 'call', id: 7, from: 'stranger', method: 'setDisconnected', args: ['eip155'] },
      { t: 'call', id: 's1', from: 'stranger', method: 'setDisconnected', args: 'eip155' },
      { t: 'call', id: 's2', from: 'stranger', method: 'dispose', args: [] },
      { t: 'leader' },
      { t: 'reply', id: 'two:1', to: 'two', ok: true, value: null },
      { t: 'disconnect', from: 'stranger' },
    ]) {
      stranger.postMessage(message)
    }
    // A well-formed state from no real leader that does not match the state schema: a follower ignores it too.
    stranger.postMessage({ t: 'state', leader: 'stranger', state: { revision: 999, configured: false } })
    // Messages of one sender arrive in order: once the leader answers this hello, it has seen all of the above.
    stranger.postMessage({ t: 'hello', from: 'stranger' })
    await vi.waitFor(() => expect(answers).toContainEqual(expect.objectContaining({ t: 'state', leader: 'one' })))
    await vi.waitFor(() => expect(two.warnings.some((w) => w.includes('does not match this version'))).toBe(true))
    stranger.close()

    for (const t of [one, two]) {
      expect(t.warnings.filter((w) => w.includes("not this version's protocol"))).toHaveLength(1)
      const state = await t.hub.getState()
      expect(state).toMatchObject({ configured: true, connections: { eip155: { status: 'connected', caipAddress: CAIP_ADDRESS } } })
    }
    expect([one.hub.role(), two.hub.role()]).toEqual(['leader', 'follower'])
    // No push came of the messages: each tab saw as many states as before.
    expect([one.seen.length, two.seen.length]).toEqual(seenBefore)
    // The hubs still work for the real tabs.
    await two.hub.setDisconnected('eip155')
    for (const t of [one, two]) await vi.waitFor(() => expect(t.last()?.connections.eip155?.status).toBe('disconnected'))
  })
})
