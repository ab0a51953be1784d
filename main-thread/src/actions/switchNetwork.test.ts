import { afterEach, describe, expect, it, vi } from 'vitest'
import { UserRejectedRequestError } from 'viem'
import { ADDRESS, announceWallet, createTestClient, fakeWalletConnect, LOCAL_B, testConfig, type FakeWallet } from '../../test/harness.tsx'
import { solanaDevnet } from '@portico/shared-types/solana'
import { WALLET_CONNECT_CONNECTOR_ID } from '@portico/shared-types/connectors'
import { createClient } from '../client/createClient.ts'
import { switchNetwork } from './switchNetwork.ts'
import type { SpawnedCore } from '../client/spawnCore.ts'
import { createInPageCore } from '@portico/worker-core/in-page'

const net = (id: number, name: string) => ({
  id,
  caipNetworkId: `eip155:${id}` as const,
  chainNamespace: 'eip155' as const,
  name,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [`http://127.0.0.1:${id}`] } },
})

describe('switchNetwork', () => {
  it('without a wallet only moves the core, and refuses unknown networks', async () => {
    const core = createInPageCore({ dbName: `switch-${Math.random()}` })
    const setActiveNetwork = vi.spyOn(core, 'setActiveNetwork')
    const api = core as unknown as SpawnedCore['api']
    const client = createClient({
      config: { projectId: 'p', networks: [net(1, 'One'), net(2, 'Two')], metadata: { name: 'T', url: 'http://localhost' }, apiUrl: 'http://api.test' },
      spawn: () => ({ api, kind: 'dedicated', close: () => {} }),
    })
    await switchNetwork(client, { caipNetworkId: 'eip155:2' })
    expect(setActiveNetwork).toHaveBeenCalledWith('eip155:2')
    expect((await core.getState()).activeCaipNetworkId).toBe('eip155:2')
    await expect(switchNetwork(client, { caipNetworkId: 'eip155:3' })).rejects.toThrow("Failed to switch to chain 'eip155:3'")
    client.destroy()
  })
})

describe('switchNetwork through the wallet', () => {
  afterEach(() => wallet?.cleanup())
  let wallet: FakeWallet | undefined

  /** A wallet that knows only `known` chains and answers 4902 for the others until they are added. */
  function walletKnowing(known: number[], { reject = false } = {}) {
    const chains = new Set(known)
    wallet = announceWallet({
      handle: (method, params) => {
        const [arg] = (params ?? []) as { chainId: string }[]
        if (method === 'wallet_addEthereumChain') return void chains.add(Number(arg!.chainId))
        if (method === 'wallet_switchEthereumChain') {
          if (reject) throw { code: 4001, message: 'User rejected the request.' }
          if (!chains.has(Number(arg!.chainId))) throw { code: 4902, message: 'Unrecognized chain ID' }
          wallet!.chainId = Number(arg!.chainId)
          return null
        }
        throw { code: 4200, message: 'Unsupported' }
      },
    })
    return wallet
  }

  async function connected() {
    const portico = createTestClient()
    await portico.client.start()
    await portico.client.connect('dev.test.wallet')
    expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31337')
    return portico
  }

  it('adds the chain with the network’s parameters when the wallet answers 4902, then switches', async () => {
    const { provider } = walletKnowing([31337])
    const portico = await connected()
    await switchNetwork(portico.client, { caipNetworkId: LOCAL_B.caipNetworkId })
    const calls = provider.request.mock.calls.map(([args]) => args).filter((a) => /^wallet_(switch|add)EthereumChain$/.test(a.method))
    expect(calls).toEqual([
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
      {
        method: 'wallet_addEthereumChain',
        params: [{ chainId: '0x7a6a', chainName: 'Portico Local B', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:31338'] }],
      },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] },
    ])
    expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31338')
    portico.client.destroy()
  })

  it('says the visitor declined when the wallet answers 4001, and stays on the network', async () => {
    walletKnowing([31337, 31338], { reject: true })
    const portico = await connected()
    await expect(switchNetwork(portico.client, { caipNetworkId: LOCAL_B.caipNetworkId })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect((await portico.core.getState()).activeCaipNetworkId).toBe('eip155:31337')
    portico.client.destroy()
  })
})

describe('switchNetwork to another namespace over one session (WalletConnect)', () => {
  it('a session that did not grant the namespace is not asked to connect again: the network shows unconnected, eip155 stays connected', async () => {
    const walletConnect = fakeWalletConnect()
    const config = testConfig()
    const portico = createTestClient({ config: { ...config, networks: [...config.networks, solanaDevnet] }, walletConnect })
    await portico.client.start()
    const connecting = portico.client.connect(WALLET_CONNECT_CONNECTOR_ID)
    await vi.waitFor(() => expect(walletConnect.uris).toHaveLength(1))
    walletConnect.approve(`eip155:31337:${ADDRESS}`)
    await connecting
    expect((await portico.core.getState()).connections.eip155?.status).toBe('connected')

    await switchNetwork(portico.client, { caipNetworkId: solanaDevnet.caipNetworkId })
    const state = await portico.core.getState()
    expect(state).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: solanaDevnet.caipNetworkId, switchingNamespace: false, connections: { eip155: { status: 'connected' } } })
    expect(state.connections.solana?.status ?? 'disconnected').toBe('disconnected')
    // No second pairing was started for it.
    expect(walletConnect.uris).toHaveLength(1)
    portico.client.destroy()
  })
})
