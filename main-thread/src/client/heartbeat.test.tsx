import 'fake-indexeddb/auto'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CaipAddress, PorticoCoreApi } from '@portico/shared-types'
import { createCore, type Core } from '@portico/worker-core'
import { createStorage } from '../../../worker-core/src/infra/storage.ts'
import { loadModal } from '../modal/load.ts'
import { ADDRESS, fakeFetch, LOCAL, openModal, renderPortico, testConfig } from '../../test/harness.tsx'
import { createClient } from './createClient.ts'
import type { SpawnCoreOptions, SpawnedCore } from './spawnCore.ts'
import { CORE_GENERATION_KEY } from './spawnCoreLink.ts'

const balances = { balances: [{ name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 30000, price: 3000, quantity: { decimals: '18', numeric: '10.126' }, iconUrl: 'http://x/eth.svg' }] }

type Counted = { calls: string[] }

/** A core's API as a worker's port would carry it, that can stop answering (a killed or stuck worker) and hold its start. */
function reachable(core: Core, { dead = () => false, held = Promise.resolve() }: { dead?: () => boolean; held?: Promise<void> } = {}): SpawnedCore['api'] & Counted {
  const calls: string[] = []
  return new Proxy({ calls } as unknown as SpawnedCore['api'] & Counted, {
    get(target, method) {
      if (method === 'calls') return calls
      if (typeof method !== 'string' || method === 'then') return undefined
      return async (...args: unknown[]) => {
        calls.push(method)
        if (dead()) return new Promise<never>(() => undefined)
        if (method === 'configure') await held
        return (core[method as keyof PorticoCoreApi] as (...a: unknown[]) => Promise<unknown>)(...args)
      }
    },
  })
}

describe('the page’s heartbeat to the core (SPEC.md §9)', () => {
  it('restarts a core that stops answering, re-attaches, keeps the account shown, says Reconnecting briefly, and sends a call caught in flight once', async () => {
    localStorage.removeItem(CORE_GENERATION_KEY)
    const dbName = `heartbeat-${crypto.randomUUID()}`
    const fetch = fakeFetch({ balances })
    const coreOn = () => createCore({ storage: createStorage({ dbName, warn: () => undefined }), fetch, sleep: async () => undefined, warn: () => undefined })
    const first = coreOn()
    let killed = false
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const spawned: { generation: number; api: SpawnedCore['api'] & Counted; core: Core }[] = []
    const spawn = ({ generation = 0 }: SpawnCoreOptions = {}): SpawnedCore => {
      const core = spawned.length === 0 ? first : coreOn()
      const api = spawned.length === 0 ? reachable(core, { dead: () => killed }) : reachable(core, { held })
      spawned.push({ generation, api, core })
      return { api, kind: 'shared', close: () => undefined }
    }
    const client = createClient({ config: testConfig(), spawn, heartbeatMs: 40 })
    await loadModal()
    renderPortico({ client, core: first, fetch })
    await act(async () => {
      await client.start()
      await first.setConnected({ caipAddress: `${LOCAL.caipNetworkId}:${ADDRESS}` as CaipAddress, connectorId: 'x', connectorName: 'X' })
    })
    await openModal({ client, core: first, fetch }, { name: 'Account' })
    const dialog = await screen.findByRole('dialog', { name: 'Account' })
    await waitFor(() => expect(within(dialog).getByTestId('account-balance').textContent).toBe('10.13 ETH'))

    // The worker dies with a call on its way.
    killed = true
    let answered: unknown = 'unanswered'
    const inFlight = client
      .withCore((api) => api.getState())
      .then((state) => {
        answered = state
      })

    // The heartbeat finds it silent and spawns the next generation; while the new core attaches, the
    // modal says so in one line and keeps the account it shows.
    const line = await screen.findByText('Reconnecting…', {}, { timeout: 5000 })
    expect(line.getAttribute('role')).toBe('status')
    expect(spawned.map((s) => s.generation)).toEqual([0, 1])
    expect(localStorage.getItem(CORE_GENERATION_KEY)).toBe('1')
    expect(within(dialog).getByTestId('account-balance').textContent).toBe('10.13 ETH')

    release()
    await inFlight
    await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull())
    expect(answered).toMatchObject({ connections: { eip155: { status: 'connected' } } })
    // The call reached the dead core (never answered) and the new one exactly once.
    expect(spawned[0]!.api.calls.filter((m) => m === 'getState')).toHaveLength(1)
    expect(spawned[1]!.api.calls.filter((m) => m === 'getState')).toHaveLength(1)
    // The new core was attached as the first: configured, then subscribed; its state is the account's.
    expect(spawned[1]!.api.calls.slice(0, 2)).toEqual(['configure', 'subscribe'])
    await waitFor(() => expect(client.getSnapshot().core?.connections.eip155?.status).toBe('connected'))
    expect(within(dialog).getByTestId('account-balance').textContent).toBe('10.13 ETH')
    // And it now answers the heartbeat: no further restart.
    await waitFor(() => expect(spawned[1]!.api.calls.filter((m) => m === 'heartbeat').length).toBeGreaterThan(2))
    expect(spawned).toHaveLength(2)
    client.destroy()
  })

  it('a WalletConnect request caught by the restart is answered as cut off, never sent to the new core', async () => {
    localStorage.removeItem(CORE_GENERATION_KEY)
    const dbName = `heartbeat-wc-${crypto.randomUUID()}`
    const coreOn = () => createCore({ storage: createStorage({ dbName, warn: () => undefined }), fetch: fakeFetch(), sleep: async () => undefined, warn: () => undefined })
    let killed = false
    const apis: (SpawnedCore['api'] & Counted)[] = []
    const client = createClient({
      config: testConfig(),
      heartbeatMs: 40,
      spawn: () => {
        const api = apis.length === 0 ? reachable(coreOn(), { dead: () => killed }) : reachable(coreOn())
        apis.push(api)
        return { api, kind: 'shared', close: () => undefined }
      },
    })
    await act(async () => {
      await client.start()
    })
    killed = true
    const answer = await client.withCore<unknown>((api) => api.walletConnectRequest({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: ADDRESS }] } as never))
    expect(answer).toMatchObject({ ok: false, error: { code: -32050 } })
    expect(apis).toHaveLength(2)
    expect(apis[0]!.calls.filter((m) => m === 'walletConnectRequest')).toHaveLength(1)
    expect(apis[1]!.calls.filter((m) => m === 'walletConnectRequest')).toHaveLength(0)
    client.destroy()
  })
})
