import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS, announceWallet, createTestClient, type FakeWallet } from '../../../test/harness.tsx'
import { currentView } from '../router.ts'

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const wallets: FakeWallet[] = []
const ends: (() => unknown)[] = []
afterEach(async () => {
  for (const end of ends.splice(0).reverse()) await end()
  for (const wallet of wallets.splice(0)) wallet.cleanup()
})

/** Calls the wallet's listeners for `event` (those not removed since), as the wallet would. */
function emit(target: FakeWallet, event: string, ...args: unknown[]) {
  const removed = new Set((target.provider.removeListener.mock.calls as [string, unknown][]).map(([, listener]) => listener))
  for (const [name, listener] of target.provider.on.mock.calls as [string, (...a: unknown[]) => void][]) if (name === event && !removed.has(listener)) listener(...args)
}

/** Two extensions connected one after the other: the second is in use, the first in the list. */
async function twoConnected() {
  const first = announceWallet({ name: 'First Wallet', rdns: 'dev.test.first' })
  const second = announceWallet({ name: 'Second Wallet', rdns: 'dev.test.second', address: OTHER })
  wallets.push(first, second)
  const setup = createTestClient()
  ends.push(() => setup.client.destroy())
  await setup.client.start()
  await setup.client.connect('dev.test.first')
  await setup.client.connect('dev.test.second')
  return { ...setup, first, second }
}

describe('session: several wallets at once', () => {
  it('connecting a second wallet keeps the first, and the dapp’s one provider follows a switch with accountsChanged', async () => {
    const { client, core, first, second } = await twoConnected()
    let state = await core.getState()
    expect(state.connections.eip155).toMatchObject({ connectorId: 'dev.test.second', caipAddress: `eip155:31337:${OTHER}` })
    expect(state.wallets.map((w) => w.connectorId)).toEqual(['dev.test.second', 'dev.test.first'])
    const provider = client.getSnapshot().provider!.provider
    const heard = vi.fn()
    provider.on!('accountsChanged', heard as never)
    await provider.request({ method: 'eth_accounts' })
    expect(second.provider.request).toHaveBeenLastCalledWith({ method: 'eth_accounts' })
    // The switch asks the first wallet for its account, then every tab follows.
    await client.switchConnection('dev.test.first|eip155')
    state = await core.getState()
    expect(state.connections.eip155).toMatchObject({ connectorId: 'dev.test.first', caipAddress: `eip155:31337:${ADDRESS}` })
    await vi.waitFor(() => expect(client.getSnapshot().provider?.connectorId).toBe('dev.test.first'))
    expect(client.getSnapshot().provider!.provider).toBe(provider)
    expect(heard).toHaveBeenCalledWith([ADDRESS])
    await provider.request({ method: 'eth_chainId' })
    expect(first.provider.request).toHaveBeenLastCalledWith({ method: 'eth_chainId' })
    // The wallet now aside tells of its own account change: its entry follows, the dapp hears nothing from it.
    heard.mockClear()
    second.address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    emit(second, 'accountsChanged', [second.address])
    await vi.waitFor(async () => expect((await core.getState()).wallets.find((w) => w.connectorId === 'dev.test.second')?.caipAddress).toBe('eip155:31337:0x90F79bf6EB2c4f870365E785982E1f101E93b906'))
    expect((await core.getState()).connections.eip155?.connectorId).toBe('dev.test.first')
    expect(heard).not.toHaveBeenCalled()
  })

  it('disconnecting one wallet leaves the other; a wallet that forgot the page leaves the list when chosen', async () => {
    const { client, core, first } = await twoConnected()
    await client.disconnect('dev.test.second|eip155')
    let state = await core.getState()
    expect(state.wallets.map((w) => w.connectorId)).toEqual(['dev.test.first'])
    expect(state.connections.eip155?.connectorId).toBe('dev.test.first')
    // Connected again, then the first wallet forgets the page behind Portico's back.
    await client.connect('dev.test.second')
    await first.provider.request({ method: 'wallet_revokePermissions' })
    await expect(client.switchConnection('dev.test.first|eip155')).rejects.toThrow('This wallet is no longer available on the page')
    state = await core.getState()
    expect(state.wallets.map((w) => w.connectorId)).toEqual(['dev.test.second'])
    expect(state.connections.eip155?.connectorId).toBe('dev.test.second')
  })

  it('disconnect() ends the wallet in use and brings the other back, as the dapp’s provider hears', async () => {
    const { client, core } = await twoConnected()
    const provider = client.getSnapshot().provider!.provider
    const heard = vi.fn()
    provider.on!('accountsChanged', heard as never)
    await client.disconnect()
    const state = await core.getState()
    expect(state.connections.eip155).toMatchObject({ status: 'connected', connectorId: 'dev.test.first' })
    await vi.waitFor(() => expect(heard).toHaveBeenCalledWith([ADDRESS]))
  })

  it('Add wallet right after a connect stays on Connect while the connect still finishes its work', async () => {
    const first = announceWallet({ name: 'First Wallet', rdns: 'dev.test.first' })
    wallets.push(first)
    const { client } = createTestClient()
    ends.push(() => client.destroy())
    await client.start()
    client.open()
    const connector = client.getSnapshot().connectors.find((c) => c.id === 'dev.test.first')!
    // The provider's code is slow to load: the connect's last step waits on it.
    let release = () => undefined as void
    const loaded = new Promise<void>((resolve) => (release = resolve))
    const getProvider = connector.getProvider.bind(connector)
    vi.spyOn(connector, 'getProvider').mockImplementation(async (namespace) => {
      await loaded
      return getProvider(namespace)
    })
    const connecting = client.connect('dev.test.first')
    // The connection's push shows Account; the visitor at once adds a wallet.
    await vi.waitFor(() => expect(currentView(client.getSnapshot().modal.router).name).toBe('Account'))
    client.navigate({ type: 'push', view: { name: 'Connect' } })
    release()
    await connecting
    expect(currentView(client.getSnapshot().modal.router).name).toBe('Connect')
  })
})
