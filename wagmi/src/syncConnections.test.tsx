import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { connect, ConnectorNotConnectedError, createConfig, disconnect, getConnection, getConnections, http, reconnect, signMessage, switchChain, switchConnection, type Config } from '@wagmi/core'
import type { ReactNode } from 'react'
import { defineChain } from 'viem'
import { WalletUnavailableError } from '@portico/shared-types/errors'
import { useConnection, useConnections, useDisconnect, useSwitchConnection, WagmiProvider } from 'wagmi'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ADDRESS, announceWallet, createTestClient, type FakeWallet, type TestPortico } from '../../main-thread/test/harness.tsx'
import { porticoConnector } from './connector.ts'
import { syncConnections } from './syncConnections.ts'

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const FIRST = 'dev.test.first|eip155'
const SECOND = 'dev.test.second|eip155'

const local = defineChain({ id: 31337, name: 'Portico Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:31337'] } } })
const localB = defineChain({ id: 31338, name: 'Portico Local B', nativeCurrency: { name: 'Bee', symbol: 'BEE', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:31338'] } } })

const wallets: FakeWallet[] = []
const ends: (() => unknown)[] = []
afterEach(async () => {
  for (const end of ends.splice(0).reverse()) await end()
  for (const wallet of wallets.splice(0)) wallet.cleanup()
})

/** A wallet that signs and switches chains when asked. */
function wallet(name: string, rdns: string, address: string): FakeWallet {
  const fake: FakeWallet = announceWallet({
    name,
    rdns,
    address,
    handle: (method, params) => {
      if (method === 'personal_sign') return `0x${'ab'.repeat(65)}`
      if (method === 'wallet_switchEthereumChain') {
        fake.chainId = Number((params as [{ chainId: string }])[0].chainId)
        return null
      }
      throw { code: 4200, message: 'Unsupported' }
    },
  })
  wallets.push(fake)
  return fake
}

/** A Portico client over an in-page core and a wagmi config with the Portico connector, wagmi's connections kept by `syncConnections` unless `sync` is false. */
function setup({ sync = true } = {}): TestPortico & { config: Config; first: FakeWallet; second: FakeWallet } {
  const first = wallet('First Wallet', 'dev.test.first', ADDRESS)
  const second = wallet('Second Wallet', 'dev.test.second', OTHER)
  const portico = createTestClient()
  ends.push(() => portico.client.destroy())
  const config = createConfig({
    chains: [local, localB],
    connectors: [porticoConnector({ client: portico.client, reconnectTimeoutMs: 2_000 })],
    transports: { [local.id]: http(), [localB.id]: http() },
    multiInjectedProviderDiscovery: false,
  })
  if (sync) ends.push(syncConnections(config, { client: portico.client, timeoutMs: 2_000 }))
  return { ...portico, config, first, second }
}

/** Connects both wallets through Portico: the second is the one in use. */
async function connectBoth(portico: TestPortico) {
  await portico.client.start()
  await portico.client.connect('dev.test.first')
  await portico.client.connect('dev.test.second')
}

const inUse = async (portico: TestPortico) => (await portico.core.getState()).connections.eip155?.connectorId
const connectionOf = (config: Config, id: string) => getConnections(config).find((c) => c.connector.id === `portico:${id}`)

describe('syncConnections: every EVM wallet connected in Portico is a wagmi connection', () => {
  it('lists one connection per wallet, with the wallet’s connector, and current the one Portico uses', async () => {
    const { config, ...portico } = setup({ sync: false })
    // What wagmi's store says, as one that listens before the sync does (its storage) hears it.
    const said: string[][] = []
    config.subscribe(
      (state) => state.connections,
      (connections) => said.push([...connections.values()].map((c) => c.connector.id)),
    )
    ends.push(syncConnections(config, { client: portico.client }))
    expect(getConnections(config)).toEqual([])
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    const [used, aside] = getConnections(config)
    expect(used).toMatchObject({ accounts: [OTHER], chainId: 31337, connector: { id: `portico:${SECOND}`, name: 'Second Wallet', type: 'portico' } })
    expect(used!.connector.icon).toMatch(/^data:image\/svg\+xml/)
    expect(aside).toMatchObject({ accounts: [ADDRESS], chainId: 31337, connector: { id: `portico:${FIRST}`, name: 'First Wallet' } })
    expect(config.state.current).toBe(used!.connector.uid)
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: OTHER, chainId: 31337 })
    // The Portico connector itself never holds a connection beside the wallets'.
    expect(said.length).toBeGreaterThan(0)
    expect(said.flat()).not.toContain('portico')
  })

  it('wagmi’s switchConnection makes Portico use that wallet; a switch made in Portico moves wagmi’s current', async () => {
    const { config, ...portico } = setup()
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    const first = connectionOf(config, FIRST)!.connector
    const second = connectionOf(config, SECOND)!.connector

    await switchConnection(config, { connector: first })
    await vi.waitFor(async () => expect(await inUse(portico)).toBe('dev.test.first'))
    await vi.waitFor(() => expect(portico.client.getSnapshot().provider?.connectorId).toBe('dev.test.first'))
    expect(config.state.current).toBe(first.uid)
    expect(getConnection(config).address).toBe(ADDRESS)

    await portico.client.switchConnection(SECOND)
    await vi.waitFor(() => expect(config.state.current).toBe(second.uid))
    expect(getConnection(config).address).toBe(OTHER)
    expect(getConnections(config)).toHaveLength(2)
  })

  it('a wallet that forgot the page, chosen in wagmi, leaves its list; its connector tells why', async () => {
    const { config, first, ...portico } = setup()
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    const forgetful = connectionOf(config, FIRST)!.connector
    const second = connectionOf(config, SECOND)!.connector
    const heard = vi.fn()
    forgetful.emitter.on('error', heard)
    await first.provider.request({ method: 'wallet_revokePermissions' })
    await switchConnection(config, { connector: forgetful })
    await vi.waitFor(() => expect(getConnections(config).map((c) => c.connector.id)).toEqual([`portico:${SECOND}`]))
    expect(config.state.current).toBe(second.uid)
    expect(await inUse(portico)).toBe('dev.test.second')
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ error: expect.any(WalletUnavailableError) }))
  })

  it('connections wagmi kept in storage give way to the wallets’ own; wagmi’s reconnect keeps them', async () => {
    const { config, ...portico } = setup()
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    // The next page's config reads what this one stored (connectors without their methods), once the sync runs.
    expect(JSON.parse(localStorage.getItem('wagmi.store')!).state.connections.value).toHaveLength(2)
    const next = createConfig({
      chains: [local, localB],
      connectors: [porticoConnector({ client: portico.client })],
      transports: { [local.id]: http(), [localB.id]: http() },
      multiInjectedProviderDiscovery: false,
    })
    ends.push(syncConnections(next, { client: portico.client }))
    // wagmi's store reads its storage asynchronously (zustand's persist).
    const { persist } = next._internal.store as unknown as { persist: { hasHydrated(): boolean } }
    await vi.waitFor(() => expect(persist.hasHydrated()).toBe(true))
    const live = [
      [`portico:${SECOND}`, 'function'],
      [`portico:${FIRST}`, 'function'],
    ]
    expect(getConnections(next).map((c) => [c.connector.id, typeof c.connector.getProvider])).toEqual(live)
    expect(getConnection(next)).toMatchObject({ status: 'connected', address: OTHER })
    await reconnect(next)
    expect(getConnections(next).map((c) => [c.connector.id, typeof c.connector.getProvider])).toEqual(live)
    expect(getConnection(next)).toMatchObject({ status: 'connected', address: OTHER })
  })

  it('a request through the connector of a wallet aside reaches that wallet, made the one in use first', async () => {
    const { config, first, second, ...portico } = setup()
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    const connector = connectionOf(config, FIRST)!.connector
    await signMessage(config, { connector, message: 'hello' })
    expect(first.provider.request).toHaveBeenCalledWith(expect.objectContaining({ method: 'personal_sign' }))
    expect(second.provider.request).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'personal_sign' }))
    expect(await inUse(portico)).toBe('dev.test.first')
    await vi.waitFor(() => expect(config.state.current).toBe(connector.uid))
  })

  it('switchChain goes through Portico for the wallet in use', async () => {
    const { config, second, ...portico } = setup()
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    await switchChain(config, { chainId: localB.id })
    expect(second.chainId).toBe(localB.id)
    expect((await portico.core.getState()).connections.eip155?.caipAddress).toBe(`eip155:31338:${OTHER}`)
    await vi.waitFor(() => expect(connectionOf(config, SECOND)?.chainId).toBe(localB.id))
    expect(config.state.chainId).toBe(localB.id)
    expect(connectionOf(config, FIRST)?.chainId).toBe(31337)
  })

  it('disconnect({ connector }) ends that wallet alone; a wallet leaving Portico leaves wagmi', async () => {
    const { config, ...portico } = setup()
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    const first = connectionOf(config, FIRST)!.connector
    const second = connectionOf(config, SECOND)!.connector

    // The wallet aside: Portico keeps the one in use, so does wagmi.
    await disconnect(config, { connector: first })
    expect((await portico.core.getState()).wallets.map((w) => w.id)).toEqual([SECOND])
    await vi.waitFor(() => expect(getConnections(config).map((c) => c.connector.id)).toEqual([`portico:${SECOND}`]))
    expect(config.state).toMatchObject({ current: second.uid, status: 'connected' })
    await expect(switchConnection(config, { connector: first })).rejects.toThrow(ConnectorNotConnectedError)

    // Connected again (the one in use now), then disconnected as wagmi's current connection: the other takes its place.
    await portico.client.connect('dev.test.first')
    await vi.waitFor(() => expect(getConnections(config)).toHaveLength(2))
    expect(getConnection(config).address).toBe(ADDRESS)
    await disconnect(config)
    expect((await portico.core.getState()).wallets.map((w) => w.id)).toEqual([SECOND])
    await vi.waitFor(() => expect(getConnection(config)).toMatchObject({ status: 'connected', address: OTHER }))
    expect(getConnections(config)).toHaveLength(1)

    // The last one, ended in Portico (its modal, another tab): it leaves wagmi, which is disconnected.
    await portico.client.disconnect(SECOND)
    await vi.waitFor(() => expect(config.state).toMatchObject({ status: 'disconnected', current: null }))
    expect(getConnections(config)).toEqual([])
  })

  it('wagmi’s connect through the Portico connector opens the modal; the connection is the wallet’s', async () => {
    const { config, ...portico } = setup()
    const [primary] = config.connectors
    const connecting = connect(config, { connector: primary! })
    await vi.waitFor(() => expect(portico.client.getSnapshot().modal.open).toBe(true))
    await portico.client.connect('dev.test.first')
    await expect(connecting).resolves.toMatchObject({ accounts: [ADDRESS], chainId: 31337 })
    expect(getConnections(config).map((c) => c.connector.id)).toEqual([`portico:${FIRST}`])
    expect(getConnection(config)).toMatchObject({ status: 'connected', address: ADDRESS, connector: { id: `portico:${FIRST}` } })
  })

  it('without it, the Portico connector alone follows the wallet in use', async () => {
    const { config, ...portico } = setup({ sync: false })
    await connectBoth(portico)
    await vi.waitFor(() => expect(getConnection(config).status).toBe('connected'))
    expect(getConnections(config).map((c) => c.connector.id)).toEqual(['portico'])
    expect(getConnection(config).address).toBe(OTHER)
    await portico.client.switchConnection(FIRST)
    await vi.waitFor(() => expect(getConnection(config).address).toBe(ADDRESS))
  })
})

describe('syncConnections with wagmi’s React hooks', () => {
  it('useConnections lists both; useSwitchConnection and useDisconnect act in Portico', async () => {
    const { config, ...portico } = setup()
    const queryClient = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <WagmiProvider config={config}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </WagmiProvider>
    )
    // useConnection tracks the fields a render reads (as a component reading them would).
    const read = ({ status, address, connector }: ReturnType<typeof useConnection>) => ({ status, address, connector })
    const { result } = renderHook(() => ({ connections: useConnections(), connection: read(useConnection()), switching: useSwitchConnection(), disconnecting: useDisconnect() }), {
      wrapper,
    })
    expect(result.current.connection.status).not.toBe('connected')

    await act(() => connectBoth(portico))
    await waitFor(() => expect(result.current.connections.map((c) => c.connector.name)).toEqual(['Second Wallet', 'First Wallet']))
    expect(result.current.connection).toMatchObject({ status: 'connected', address: OTHER })

    const first = result.current.connections[1]!.connector
    await act(() => result.current.switching.mutateAsync({ connector: first }))
    await waitFor(() => expect(result.current.connection.address).toBe(ADDRESS))
    expect(await inUse(portico)).toBe('dev.test.first')
    expect(result.current.connection.connector?.id).toBe(`portico:${FIRST}`)

    // A switch made in Portico (its modal, another tab).
    await act(() => portico.client.switchConnection(SECOND))
    await waitFor(() => expect(result.current.connection.address).toBe(OTHER))

    await act(() => result.current.disconnecting.mutateAsync({ connector: first }))
    await waitFor(() => expect(result.current.connections).toHaveLength(1))
    expect((await portico.core.getState()).wallets.map((w) => w.id)).toEqual([SECOND])
    expect(result.current.connection).toMatchObject({ status: 'connected', address: OTHER })
  })
})
