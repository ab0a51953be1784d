/**
 * Integration: the core against a real sandbox (anvil chains, the blockchain-data API, the wallet
 * catalogue) started in-process on ports of its own. Test-only: the packages never import the sandbox.
 */
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CoreConfig } from '@portico/shared-types'
import { createCore, type Core } from '../src/core.ts'
import { createStorage } from '../src/infra/storage.ts'
import { sandboxConfig, startTestSandbox } from './sandbox.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let sandbox: Sandbox
let config: CoreConfig

beforeAll(async () => {
  sandbox = await startTestSandbox(12000, ['catalogue'])
  config = sandboxConfig(sandbox, 'core-sandbox-test', { catalogueUrl: sandbox.catalogue.url })
}, 180_000)
afterAll(async () => {
  await sandbox?.stop()
})

function newCore(): Core {
  return createCore({ storage: createStorage({ dbName: `sandbox-${Math.random()}`, warn: () => {} }), warn: () => {} })
}
const requests = (path: RegExp) => sandbox.dataApi.requests().filter((r) => path.test(r.path))

describe('core against the sandbox', () => {
  it('reads the portfolio from the data API and the native balance from the chain; N callers cost one request', async () => {
    sandbox.dataApi.clearRequests()
    const core = newCore()
    await core.configure(config)
    expect(sandbox.dataApi.requests()).toEqual([])
    await core.setConnected({ caipAddress: `eip155:31337:${ACCOUNT_0}`, connectorId: 'x', connectorName: 'X' })
    await Promise.all([core.refresh(), core.refresh(), core.refreshBalances(), core.refreshBalances()])
    const state = await core.getState()
    expect(state.balances.status).toBe('success')
    expect(state.balances.data?.map((b) => b.symbol)).toEqual(expect.arrayContaining(['ETH', 'USDC', 'PTK']))
    expect(state.balances.data?.every((b) => b.quantity.decimals !== '0')).toBe(true)
    const chain = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
    expect(state.nativeBalance.value).toBe((await chain.getBalance({ address: ACCOUNT_0 })).toString())
    expect(requests(/\/balance$/)).toHaveLength(1)
    const [balance] = requests(/\/balance$/)
    expect(balance?.query).toMatchObject({ projectId: 'core-sandbox-test', st: 'portico', sv: 'react-portico-0.1.0', currency: 'usd', chainId: 'eip155:31337' })
    core.dispose()
  })

  it('knows the supported chains and the identity of a named account', async () => {
    const core = newCore()
    await core.configure(config)
    const capabilities = await core.getCapabilities()
    expect(capabilities.supportedChains).toEqual(expect.arrayContaining(['eip155:31337', 'eip155:31338']))
    expect(capabilities.networks['eip155:31337']).toMatchObject({ balance: true, history: true, names: true, swaps: false, rpc: 'default' })
    await core.setConnected({ caipAddress: `eip155:31337:${ACCOUNT_1}`, connectorId: 'x', connectorName: 'X' })
    const { identity } = await core.getState()
    expect(identity).toMatchObject({ status: 'success', name: 'alice.reown.id' })
    expect(identity.avatar?.startsWith(`${sandbox.dataApi.url}/`)).toBe(true)
    expect((await core.getNames({ address: ACCOUNT_1 })).map((n) => n.name)).toContain('alice.reown.id')
    core.dispose()
  })

  it('pages the seeded history of the active chain, grouped by year and month', async () => {
    const core = newCore()
    await core.configure(config)
    await core.setConnected({ caipAddress: `eip155:31337:${ACCOUNT_0}`, connectorId: 'x', connectorName: 'X' })
    await core.loadTransactions()
    let { transactions } = await core.getState()
    expect(transactions.status).toBe('success')
    expect(transactions.data.length).toBeGreaterThan(0)
    expect(transactions.data.every((t) => t.metadata.chain === 'eip155:31337')).toBe(true)
    const firstPage = transactions.data.length
    expect(transactions.grouped.flatMap((y) => y.months.flatMap((m) => m.transactions))).toHaveLength(firstPage)
    if (transactions.next) {
      await core.loadMoreTransactions({ cursor: transactions.next })
      ;({ transactions } = await core.getState())
      expect(transactions.data.length).toBeGreaterThan(firstPage)
      expect(new Set(transactions.data.map((t) => t.id)).size).toBe(transactions.data.length)
    }
    const years = transactions.grouped.map((y) => y.year)
    expect(years).toEqual([...years].sort((a, b) => b - a))
    core.dispose()
  })

  it("reads the NFTs an account holds from the chain's state, spam left out, one request per 30 s", async () => {
    sandbox.dataApi.clearRequests()
    const core = newCore()
    await core.configure(config)
    const { PIONEER, CLAIM } = sandbox.deployments[31337]!.collections
    const [first, second] = await Promise.all([core.getNftHoldings({ caipAddress: `eip155:31337:${ACCOUNT_0}` }), core.getNftHoldings({ caipAddress: `eip155:31337:${ACCOUNT_0}` })])
    expect(second).toEqual(first)
    expect(first.data.some((n) => n.contract === PIONEER!.address && n.collection.name === 'Portico Pioneers')).toBe(true)
    expect(first.data.some((n) => n.contract === CLAIM!.address)).toBe(false)
    expect(first.data.every((n) => n.chain === 'eip155:31337' && !n.flags.is_spam)).toBe(true)
    expect(new Set(first.data.map((n) => `${n.contract}:${n.tokenId}`)).size).toBe(first.data.length)
    await core.getNftHoldings({ caipAddress: `eip155:31337:${ACCOUNT_0}` })
    expect(requests(/\/nfts$/)).toHaveLength(1)
    expect(requests(/\/nfts$/)[0]?.query).toMatchObject({ chainId: 'eip155:31337', projectId: 'core-sandbox-test' })
    core.dispose()
  })

  it('answers fungible prices', async () => {
    const core = newCore()
    await core.configure(config)
    const usdc = sandbox.contracts[31337]!.USDC!.address
    const prices = await core.getTokenPrices({ addresses: [`eip155:31337:${usdc}`] })
    expect(prices[0]).toMatchObject({ symbol: 'USDC', price: 1 })
    core.dispose()
  })

  it('pages the wallet catalogue, fetching the first 20 images, and searches 100 entries no sooner than 300 ms', async () => {
    sandbox.catalogue.clearRequests()
    const core = newCore()
    await core.configure(config)
    const recommended = await core.getRecommendedWallets()
    expect(recommended.data).toHaveLength(4)
    const page = await core.getWallets({ page: 1 })
    expect(page.data).toHaveLength(40)
    expect(page.count).toBeGreaterThan(40)
    expect(page.data.some((w) => recommended.data.some((r) => r.id === w.id))).toBe(false)
    expect(page.prefetched).toHaveLength(page.data.slice(0, 20).filter((w) => w.image_id).length)
    const images = sandbox.catalogue.requests().filter((r) => r.path.startsWith('/getWalletImage/'))
    expect(images.every((r) => r.status === 200 && r.query.projectId === 'core-sandbox-test')).toBe(true)
    const started = Date.now()
    const found = await core.getWallets({ search: recommended.data[0]!.name })
    expect(Date.now() - started).toBeGreaterThanOrEqual(295)
    expect(found.data.map((w) => w.id)).toContain(recommended.data[0]!.id)
    const search = sandbox.catalogue.requests().find((r) => r.path === '/getWallets' && r.query.search)
    expect(search?.query).toMatchObject({ entries: '100', page: '1' })
    core.dispose()
  })

  it('retries a 429 after its Retry-After, then reports a 500 as Token Balance Unavailable with a 30 s block', async () => {
    const core = newCore()
    await core.configure(config)
    await core.setConnected({ caipAddress: `eip155:31338:${ACCOUNT_0}`, connectorId: 'x', connectorName: 'X' })
    sandbox.dataApi.clearRequests()
    sandbox.faults.add({ route: '/v1/account/:address/balance', kind: '429', retryAfterSeconds: 0, count: 1 })
    await core.refreshBalances({ force: true })
    expect((await core.getState()).balances.status).toBe('success')
    expect(requests(/\/balance$/).map((r) => r.status)).toEqual([429, 200])

    sandbox.faults.set([{ route: '/v1/account/:address/balance', kind: '500' }])
    try {
      await core.refreshBalances({ force: true })
      const { balances } = await core.getState()
      expect(balances).toMatchObject({ status: 'error', error: { message: 'Token Balance Unavailable' } })
      expect(balances.data?.length).toBeGreaterThan(0)
      expect(balances.retryBlockedUntil! - Date.now()).toBeGreaterThan(25_000)
      expect(requests(/\/balance$/).map((r) => r.status)).toEqual([429, 200, 500, 500, 500, 500])
      await core.refreshBalances()
      expect(requests(/\/balance$/)).toHaveLength(6)
    } finally {
      sandbox.faults.clear()
    }
    core.dispose()
  })
})
