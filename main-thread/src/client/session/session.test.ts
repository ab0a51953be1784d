import { UserRejectedRequestError } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { registerWallet } from '@wallet-standard/wallet'
import { solanaDevnet } from '@portico/shared-types/solana'
import { ADDRESS, announceWallet, createTestClient, testConfig, type FakeWallet } from '../../../test/harness.tsx'
import { signerOf, TestWallet } from '../../../test/standardWallet.ts'
import { getConnectedConnector, getConnector } from '../getConnector.ts'
import { switchNetwork } from '../../actions/switchNetwork.ts'
import { createCore, createStorage } from '@portico/worker-core'
import { fakeFetch } from '../../../test/harness.tsx'
import { createClient } from '../createClient.ts'
import type { SpawnedCore } from '../spawnCore.ts'
import { CORE_GENERATION_KEY } from '../spawnCoreLink.ts'

let wallet: FakeWallet | undefined
/** What a test started (its client, a core): ended after it whether it passed or failed, last first, before the wallet goes. */
const ends: (() => unknown)[] = []
afterEach(async () => {
  for (const end of ends.splice(0).reverse()) await end()
  wallet?.cleanup()
})

/** Calls the wallet's listener for `event`, as the wallet would. */
function emit(target: FakeWallet, event: string, ...args: unknown[]) {
  for (const [name, listener] of target.provider.on.mock.calls as [string, (...a: unknown[]) => void][]) if (name === event) listener(...args)
}

describe('session: the page’s connectors', () => {
  it('lists an EIP-6963 wallet as an ANNOUNCED connector whose id is its rdns, and records the type with the connection', async () => {
    wallet = announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
    const { client, core } = createTestClient()
    ends.push(() => client.destroy())
    await client.start()
    expect(getConnector(client.getSnapshot(), 'dev.test.wallet')).toMatchObject({ type: 'ANNOUNCED', name: 'Test Wallet', namespaces: ['eip155'], approval: 'wallet' })
    await client.connect('dev.test.wallet')
    expect((await core.getState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'dev.test.wallet', connectorType: 'ANNOUNCED' })
    expect(getConnectedConnector(client.getSnapshot())?.id).toBe('dev.test.wallet')
    expect(client.getSnapshot().provider).toMatchObject({ connectorId: 'dev.test.wallet', namespace: 'eip155' })
    // The published provider is the wallet's, with EIP-5792's three methods through the one seam.
    const published = client.getSnapshot().provider!.provider
    await published.request({ method: 'eth_accounts' })
    expect(wallet.provider.request).toHaveBeenLastCalledWith({ method: 'eth_accounts' })
    await expect(published.request({ method: 'wallet_getCapabilities', params: [] })).rejects.toThrow('Missing address parameter in `wallet_getCapabilities` request')
  })

  it('follows the connected wallet: a new chain or account reaches the core, no account disconnects', async () => {
    wallet = announceWallet()
    const { client, core } = createTestClient()
    ends.push(() => client.destroy())
    await client.start()
    await client.connect('dev.test.wallet')
    wallet.chainId = 31338
    emit(wallet, 'chainChanged', '0x7a6a')
    await vi.waitFor(async () => expect((await core.getState()).connections.eip155?.caipAddress).toBe(`eip155:31338:${ADDRESS}`))
    await wallet.provider.request({ method: 'wallet_revokePermissions' })
    emit(wallet, 'accountsChanged', [])
    await vi.waitFor(async () => expect((await core.getState()).connections.eip155?.status).toBe('disconnected'))
    await vi.waitFor(() => expect(client.getSnapshot().provider).toBeNull())
  })

  it('asks a returning visitor’s wallet once whether it still knows the page, and disconnects when it does not', async () => {
    wallet = announceWallet()
    const { client, core } = createTestClient()
    ends.push(() => client.destroy())
    await core.setConnected({ caipAddress: `eip155:31337:${ADDRESS}`, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', connectorType: 'ANNOUNCED' })
    await client.start()
    await vi.waitFor(async () => expect((await core.getState()).connections.eip155?.status).toBe('disconnected'))
    expect(wallet.provider.request.mock.calls.filter(([{ method }]) => method === 'eth_accounts')).toHaveLength(1)
  })

  it('a returning visitor’s check that answers after another tab disconnected does not bring the account back', async () => {
    wallet = announceWallet()
    const { client, core } = createTestClient()
    ends.push(() => client.destroy())
    await wallet.provider.request({ method: 'eth_requestAccounts' })
    await core.setConnected({ caipAddress: `eip155:31337:${ADDRESS}`, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', connectorType: 'ANNOUNCED' })
    // The wallet answers this tab's check late: the visitor disconnects in another tab meanwhile.
    const answer = wallet.provider.request.getMockImplementation()!
    let release = () => {}
    const late = new Promise<void>((resolve) => (release = resolve))
    wallet.provider.request.mockImplementation(async (args) => (args.method === 'eth_chainId' ? late.then(() => answer(args)) : answer(args)))
    await client.start()
    await vi.waitFor(() => expect(wallet!.provider.request.mock.calls.filter(([{ method }]) => method === 'eth_chainId')).toHaveLength(1))
    await core.setDisconnected('eip155')
    const asked = vi.spyOn(core, 'setConnected')
    release()
    await vi.waitFor(() => expect(asked).toHaveBeenCalledWith(expect.objectContaining({ whileHeld: true })))
    await asked.mock.results[0]!.value
    expect((await core.getState()).connections.eip155?.status).toBe('disconnected')
  })

  it('disconnecting asks the connector to forget the page and ends the connection', async () => {
    wallet = announceWallet()
    const { client, core } = createTestClient()
    ends.push(() => client.destroy())
    await client.start()
    await client.connect('dev.test.wallet')
    await client.disconnect()
    expect(wallet.provider.request).toHaveBeenCalledWith({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect((await core.getState()).connections.eip155?.status).toBe('disconnected')
  })

  it('a connector that is gone fails the attempt with a message and leaves the core disconnected', async () => {
    const { client, core } = createTestClient()
    ends.push(() => client.destroy())
    await client.start()
    await client.connect('not.on.this.page')
    expect(client.getSnapshot().attempt).toEqual({ connectorId: 'not.on.this.page', status: 'failed', error: 'This wallet is no longer available on the page' })
    expect((await core.getState()).connections.eip155?.status ?? 'disconnected').toBe('disconnected')
  })
})

describe('session: a wallet with EVM and Solana sides', () => {
  it('on a Solana network, Connect connects the Solana side; its session ending disconnects solana only', async () => {
    const signer = await signerOf(7)
    const solanaSide = new TestWallet('Test Wallet', signer, ['solana:devnet'])
    registerWallet(solanaSide)
    wallet = announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
    const config = testConfig()
    const { client, core } = createTestClient({ config: { ...config, networks: [...config.networks, solanaDevnet], defaultNetwork: solanaDevnet.caipNetworkId } })
    ends.push(() => client.destroy())
    await client.start()
    await vi.waitFor(() => expect(getConnector(client.getSnapshot(), 'dev.test.wallet')?.namespaces).toEqual(['eip155', 'solana']))
    expect(client.getSnapshot().connectors.filter((c) => c.name === 'Test Wallet')).toHaveLength(1)

    await client.connect('dev.test.wallet')
    expect((await core.getState()).connections.solana).toMatchObject({ status: 'connected', caipAddress: `${solanaDevnet.caipNetworkId}:${signer.address}`, connectorId: 'dev.test.wallet' })
    expect(wallet.provider.request).not.toHaveBeenCalledWith({ method: 'eth_requestAccounts' })
    await core.setConnected({ caipAddress: `eip155:31337:${ADDRESS}`, connectorId: 'dev.test.wallet', connectorName: 'Test Wallet', connectorType: 'ANNOUNCED' })

    solanaSide.lock()
    await vi.waitFor(async () => expect((await core.getState()).connections.solana?.status).toBe('disconnected'))
    expect((await core.getState()).connections.eip155?.status).toBe('connected')
  })

  /** The Test Wallet with both sides, the dapp on Solana Devnet beside its EVM networks, connected on Solana. */
  let wallets = 0
  async function connectedOnSolana({ approve }: { approve?: () => Promise<boolean> } = {}) {
    // A name of its own per test: a wallet registered through Wallet Standard stays registered on the page.
    const n = ++wallets
    const name = `Both Sides ${n}`
    const rdns = `dev.both.sides${n}`
    const signer = await signerOf(8 + n)
    const solanaSide = new TestWallet(name, signer, ['solana:devnet'])
    registerWallet(solanaSide)
    wallet = announceWallet({ name, rdns, ...(approve ? { approve } : {}) })
    const config = testConfig()
    const portico = createTestClient({ config: { ...config, networks: [...config.networks, solanaDevnet], defaultNetwork: solanaDevnet.caipNetworkId } })
    await portico.client.start()
    await vi.waitFor(() => expect(getConnector(portico.client.getSnapshot(), rdns)?.namespaces).toEqual(['eip155', 'solana']))
    await portico.client.connect(rdns)
    const solanaAccount = `${solanaDevnet.caipNetworkId}:${signer.address}`
    expect(await portico.core.getState()).toMatchObject({ activeNamespace: 'solana', connections: { solana: { status: 'connected', caipAddress: solanaAccount } } })
    return { ...portico, solanaSide, solanaAccount, rdns }
  }

  it('switching to an EVM network asks the EVM side to connect (one prompt), keeps both namespaces, and back to Solana shows the Solana account without a prompt', async () => {
    // The core's switching flag as it stands each time the wallet is asked to connect.
    const atPrompt: boolean[] = []
    let asking: (() => Promise<boolean>) | undefined
    const { client, core, solanaAccount, rdns } = await connectedOnSolana({ approve: async () => (asking ? asking() : true) })
    asking = async () => {
      atPrompt.push((await core.getState()).switchingNamespace)
      return true
    }
    ends.push(() => client.destroy())

    await switchNetwork(client, { caipNetworkId: 'eip155:31337' })
    expect(await core.getState()).toMatchObject({
      activeNamespace: 'eip155',
      activeCaipNetworkId: 'eip155:31337',
      switchingNamespace: false,
      connections: { eip155: { status: 'connected', caipAddress: `eip155:31337:${ADDRESS}`, connectorId: rdns }, solana: { status: 'connected', caipAddress: solanaAccount } },
    })
    // SPEC.md §4: the switching flag was set while the wallet was asked, and cleared with the active network stored.
    expect(atPrompt).toEqual([true])
    expect(wallet!.provider.request.mock.calls.filter(([{ method }]) => method === 'eth_requestAccounts')).toHaveLength(1)
    await vi.waitFor(() => expect(client.getSnapshot().provider).toMatchObject({ connectorId: rdns, namespace: 'eip155' }))

    await switchNetwork(client, { caipNetworkId: solanaDevnet.caipNetworkId })
    expect(await core.getState()).toMatchObject({
      activeNamespace: 'solana',
      activeCaipNetworkId: solanaDevnet.caipNetworkId,
      connections: { solana: { caipAddress: solanaAccount }, eip155: { status: 'connected' } },
    })
    await vi.waitFor(() => expect(client.getSnapshot().provider).toMatchObject({ namespace: 'solana' }))
    // Back to EVM: the account the wallet granted is taken, no second prompt.
    await switchNetwork(client, { caipNetworkId: 'eip155:31337' })
    expect((await core.getState()).activeNamespace).toBe('eip155')
    expect(wallet!.provider.request.mock.calls.filter(([{ method }]) => method === 'eth_requestAccounts')).toHaveLength(1)

    // Disconnect is the wallet's: both of its namespaces end.
    await client.disconnect()
    const { connections } = await core.getState()
    expect([connections.eip155?.status, connections.solana?.status]).toEqual(['disconnected', 'disconnected'])
    expect(wallet!.provider.request).toHaveBeenCalledWith({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
  })

  it('a declined prompt for the other namespace leaves the visitor on Solana, connected, the switching flag cleared', async () => {
    let answer = true
    const { client, core, solanaAccount } = await connectedOnSolana({ approve: async () => answer })
    ends.push(() => client.destroy())
    answer = false
    const declined = switchNetwork(client, { caipNetworkId: 'eip155:31337' })
    await expect(declined).rejects.toThrow(UserRejectedRequestError)
    await expect(declined).rejects.toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' })
    expect(await core.getState()).toMatchObject({
      activeNamespace: 'solana',
      activeCaipNetworkId: solanaDevnet.caipNetworkId,
      switchingNamespace: false,
      connections: { solana: { status: 'connected', caipAddress: solanaAccount } },
    })
    expect((await core.getState()).connections.eip155?.status ?? 'disconnected').toBe('disconnected')
  })

  it("another namespace's account changing in the background does not move the visitor off their network", async () => {
    const { client, core, rdns } = await connectedOnSolana()
    ends.push(() => client.destroy())
    await core.setConnected({ caipAddress: `eip155:31337:${ADDRESS}`, connectorId: rdns, connectorName: 'Test Wallet', connectorType: 'ANNOUNCED' })
    expect(await core.getState()).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: solanaDevnet.caipNetworkId, connections: { eip155: { status: 'connected' } } })
  })
})

describe('session: a core that never answers', () => {
  it('the first core takes no call at all (a SharedWorker the browser was ending as the tab joined it): the heartbeat replaces it, and the session starts and connects on the next one', async () => {
    localStorage.removeItem(CORE_GENERATION_KEY)
    wallet = announceWallet({ name: 'Test Wallet', rdns: 'dev.test.wallet' })
    const core = createCore({ storage: createStorage({ dbName: `portico-test-${Math.random()}`, warn: () => undefined }), fetch: fakeFetch(), sleep: async () => undefined, warn: () => undefined })
    ends.push(
      () => localStorage.removeItem(CORE_GENERATION_KEY),
      () => core.dispose(),
    )
    /** Every call to the dying core waits forever, the heartbeat too. */
    const dying = new Proxy({}, { get: () => () => new Promise(() => undefined) }) as SpawnedCore['api']
    const generations: number[] = []
    const client = createClient({
      config: testConfig(),
      heartbeatMs: 20,
      spawn: ({ generation = 0 } = {}) => {
        generations.push(generation)
        return { api: generation === 0 ? dying : (core as unknown as SpawnedCore['api']), kind: 'shared', close: () => undefined }
      },
    })
    ends.push(() => client.destroy())
    await client.start()
    await client.connect('dev.test.wallet')
    expect(generations).toEqual([0, 1])
    expect((await core.getState()).connections.eip155).toMatchObject({ status: 'connected', connectorId: 'dev.test.wallet' })
  })
})
