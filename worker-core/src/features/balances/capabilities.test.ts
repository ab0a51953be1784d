import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { coreOptionsSchema, type CaipNetworkId, type CoreConfig, type CoreOptionsInput } from '@portico/shared-types'
import { computeCapabilities } from './capabilities.ts'
import { setupCore, testConfig } from '../../../test/fixtures.ts'

/** SPEC.md §9, written out here rather than read from the constants under test. */
const SPEC_SWAP_CHAINS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554].map((id) => `eip155:${id}`)

const ethereum: CoreConfig['networks'][number] = {
  id: 1,
  caipNetworkId: 'eip155:1',
  chainNamespace: 'eip155',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545/'] } },
}
const solana: CoreConfig['networks'][number] = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899/'] } },
}
const bitcoin: CoreConfig['networks'][number] = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8332/'] } },
}
const config: CoreConfig = { ...testConfig, networks: [...testConfig.networks, ethereum, solana, bitcoin] }

function capabilities(options: CoreOptionsInput = {}, supportedChains: CaipNetworkId[] | null = null) {
  const rpc = { client: () => null, solana: () => null, ping: async () => undefined, source: (id: CaipNetworkId) => (id === 'eip155:1' ? ('hosted' as const) : null) }
  return computeCapabilities({ config, options: coreOptionsSchema.parse(options), rpc }, supportedChains)
}

describe('capabilities (SPEC.md §9 support lists)', () => {
  it('offers balances on eip155 and solana, names and history on eip155, by default', () => {
    const c = capabilities()
    expect(c.balanceNamespaces).toEqual(['eip155', 'solana'])
    expect(c.historyNamespaces).toEqual(['eip155'])
    expect(c.nameNamespaces).toEqual(['eip155'])
    expect(c.networks['eip155:31337']).toMatchObject({ balance: true, history: true, names: true })
    expect(c.networks[solana.caipNetworkId]).toMatchObject({ balance: true, history: false, names: false, swaps: false })
    expect(c.networks[bitcoin.caipNetworkId]).toMatchObject({ balance: false, history: false, names: false, swaps: false })
  })

  it('offers swaps on the SPEC.md §9 eip155 chain ids only, by default', () => {
    const c = capabilities()
    expect(c.swapChains).toEqual(SPEC_SWAP_CHAINS)
    expect(c.networks['eip155:1']?.swaps).toBe(true)
    expect(c.networks['eip155:31337']?.swaps).toBe(false)
    expect(c.networks['eip155:31338']?.swaps).toBe(false)
  })

  it('takes a deployment’s own lists instead of the defaults', () => {
    const c = capabilities({ balanceNamespaces: ['solana'], historyNamespaces: ['eip155', 'solana'], nameNamespaces: [], swapChains: ['eip155:31337'] })
    expect(c).toMatchObject({ balanceNamespaces: ['solana'], historyNamespaces: ['eip155', 'solana'], nameNamespaces: [], swapChains: ['eip155:31337'] })
    expect(c.networks['eip155:31337']).toMatchObject({ balance: false, history: true, names: false, swaps: true })
    expect(c.networks['eip155:1']).toMatchObject({ swaps: false })
    expect(c.networks[solana.caipNetworkId]).toMatchObject({ balance: true, history: true })
  })

  it("narrows balances to the data API's supported chains once known, and names each network's RPC source", () => {
    const c = capabilities({}, ['eip155:31337', solana.caipNetworkId])
    expect(c.supportedChains).toEqual(['eip155:31337', solana.caipNetworkId])
    expect(c.networks['eip155:31337']?.balance).toBe(true)
    expect(c.networks['eip155:31338']?.balance).toBe(false)
    expect(c.networks['eip155:1']).toMatchObject({ balance: false, rpc: 'hosted' })
    expect(c.networks['eip155:31338']?.rpc).toBe('default')
  })

  it('pushes the lists to the tabs on configure, and the override with them', async () => {
    const { core } = setupCore()
    await core.configure(config)
    expect((await core.getState()).capabilities).toMatchObject({ balanceNamespaces: ['eip155', 'solana'], historyNamespaces: ['eip155'], nameNamespaces: ['eip155'], swapChains: SPEC_SWAP_CHAINS })
    await core.configure(config, { swapChains: ['eip155:31338'], historyNamespaces: [] })
    const state = await core.getState()
    expect(state.capabilities).toMatchObject({ swapChains: ['eip155:31338'], historyNamespaces: [] })
    expect(state.capabilities.networks['eip155:31338']).toMatchObject({ swaps: true, history: false })
  })
})
