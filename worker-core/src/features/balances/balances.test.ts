import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { ADDRESS, balance, BALANCE_CALL, CAIP_ADDRESS, json, RPC_CALL, setupCore, testConfig } from '../../../test/fixtures.ts'

const SUPPORTED_CALL = /supported-chains/
const connect = (core: ReturnType<typeof setupCore>['core'], caipAddress: `eip155:${string}:${string}` = CAIP_ADDRESS) => core.setConnected({ caipAddress, connectorId: 'x', connectorName: 'X' })

/** An ERC-7811 answer for chain 31337 (0x7a69). */
const walletAnswer = (overrides: Record<string, unknown> = {}) => ({
  '0x7a69': [
    { address: 'native', balance: '0xde0b6b3a7640000', type: 'NATIVE', metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'https://cdn.example/eth.svg' } },
    {
      address: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
      balance: '0x1dcd6500',
      type: 'ERC20',
      metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://cdn.example/usdc.svg', value: 500 },
      ...overrides,
    },
    { address: '0x1111111111111111111111111111111111111111', balance: '0x5', type: 'ERC20', metadata: { name: 'Points', symbol: 'PTS', decimals: 0, price: 0, iconUrl: 'https://cdn.example/p.svg' } },
  ],
})

describe('balances', () => {
  it('makes one upstream request per 30 s window however many tabs ask', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    await Promise.all([core.refreshBalances(), core.refreshBalances(), core.refresh(), core.refresh()])
    expect(upstream.count(BALANCE_CALL)).toBe(1)
    expect(upstream.count(RPC_CALL)).toBe(1)
    clock.now += 29_000
    await core.refreshBalances()
    expect(upstream.count(BALANCE_CALL)).toBe(1)
    clock.now += 2_000
    await Promise.all([core.refreshBalances(), core.refreshBalances(), core.refresh()])
    expect(upstream.count(BALANCE_CALL)).toBe(2)
    expect(upstream.count(RPC_CALL)).toBe(2)
    await core.refreshBalances({ force: true })
    expect(upstream.count(BALANCE_CALL)).toBe(3)
    expect(
      upstream.urls
        .filter((u) => u.pathname.endsWith('/balance'))
        .at(-1)
        ?.searchParams.get('forceUpdate'),
    ).toBe('true')
  })

  it("reports 'Token Balance Unavailable' when the fetch fails, blocks retries for 30 s and keeps the last data", async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    upstream.on(BALANCE_CALL, () => new Response('', { status: 500 }))
    clock.now += 31_000
    await core.refreshBalances()
    let state = await core.getState()
    expect(state.balances).toMatchObject({ status: 'error', error: { message: 'Token Balance Unavailable' }, retryBlockedUntil: clock.now + 30_000 })
    expect(state.balances.data?.[0]?.symbol).toBe('ETH')
    expect(upstream.count(BALANCE_CALL)).toBe(1 + 4)
    clock.now += 10_000
    await core.refreshBalances()
    expect(upstream.count(BALANCE_CALL)).toBe(5)
    clock.now += 21_000
    await core.refreshBalances()
    state = await core.getState()
    expect(upstream.count(BALANCE_CALL)).toBe(5 + 4)
  })

  it('holds the 30 s retry block for a forced refresh too (SPEC.md §4, §8)', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    upstream.on(BALANCE_CALL, () => new Response('', { status: 503 }))
    await core.refreshBalances({ force: true })
    const blockedUntil = clock.now + 30_000
    expect((await core.getState()).balances).toMatchObject({ status: 'error', error: { message: 'Token Balance Unavailable' }, retryBlockedUntil: blockedUntil })
    expect(upstream.count(BALANCE_CALL)).toBe(1 + 4)
    upstream.on(BALANCE_CALL, () => json({ balances: [balance({ quantity: { decimals: '18', numeric: '9' } })] }))
    for (const step of [1_000, 15_000, 13_999]) {
      clock.now += step
      await Promise.all([core.refreshBalances({ force: true }), core.refresh({ force: true })])
      expect(upstream.count(BALANCE_CALL)).toBe(5)
      expect((await core.getState()).balances).toMatchObject({ status: 'error', retryBlockedUntil: blockedUntil })
    }
    clock.now += 1
    await core.refreshBalances({ force: true })
    expect(upstream.count(BALANCE_CALL)).toBe(6)
    expect((await core.getState()).balances).toMatchObject({ status: 'success', retryBlockedUntil: null, data: [{ quantity: { numeric: '9' } }] })
  })

  it("reports 'Token Balance Unavailable' without a request when the data API does not serve the network", async () => {
    const { core, upstream, clock } = setupCore()
    upstream.on(SUPPORTED_CALL, () => json({ http: ['eip155:1'], ws: [] }))
    await core.configure(testConfig)
    await connect(core)
    const state = await core.getState()
    expect(state.balances).toMatchObject({ status: 'error', error: { message: 'Token Balance Unavailable' }, retryBlockedUntil: clock.now + 30_000 })
    expect(state.capabilities.networks['eip155:31337']?.balance).toBe(false)
    expect(upstream.count(BALANCE_CALL)).toBe(0)
    // The native balance still comes from the chain.
    expect(state.nativeBalance).toMatchObject({ status: 'success', value: '2000000000000000000', formatted: '2', symbol: 'ETH', decimals: 18 })
  })

  it('offers balances only on eip155 and solana (SPEC.md §9)', async () => {
    const { core, upstream } = setupCore()
    await core.configure(testConfig, { balanceNamespaces: ['solana'] })
    await connect(core)
    expect((await core.getState()).balances.error?.message).toBe('Token Balance Unavailable')
    expect(upstream.count(BALANCE_CALL)).toBe(0)
    expect((await core.getCapabilities()).balanceNamespaces).toEqual(['solana'])
  })

  it('still asks for balances when the supported-chains call fails, and remembers that failure for 30 s', async () => {
    const { core, upstream, clock } = setupCore()
    upstream.on(SUPPORTED_CALL, () => new Response('', { status: 404 }))
    await core.configure(testConfig)
    await connect(core)
    expect((await core.getState()).balances.status).toBe('success')
    clock.now += 31_000
    await core.refreshBalances()
    expect(upstream.count(SUPPORTED_CALL)).toBe(2)
    clock.now += 10_000
    await core.refreshBalances({ force: true })
    expect(upstream.count(SUPPORTED_CALL)).toBe(2)
  })

  it('drops token balances with 0 decimals (SPEC.md §5)', async () => {
    const { core, upstream } = setupCore()
    upstream.on(BALANCE_CALL, () => json({ balances: [balance(), balance({ symbol: 'NFTISH', quantity: { decimals: '0', numeric: '3' }, address: `eip155:31337:${ADDRESS}` })] }))
    await core.configure(testConfig)
    await connect(core)
    expect((await core.getState()).balances.data?.map((b) => b.symbol)).toEqual(['ETH'])
  })

  it('takes an ERC-7811 wallet_getAssets answer as the portfolio for 30 s when it passes SPEC.md §5', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await core.setOnline(false)
    await connect(core)
    expect(await core.setWalletAssets(CAIP_ADDRESS, walletAnswer())).toBe(true)
    await core.setOnline(true)
    const state = await core.getState()
    expect(state.balances.source).toBe('wallet')
    expect(state.balances.data).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 3000, price: 3000, quantity: { decimals: '18', numeric: '1' }, iconUrl: 'https://cdn.example/eth.svg' },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35',
        value: 500,
        price: 1,
        quantity: { decimals: '6', numeric: '500' },
        iconUrl: 'https://cdn.example/usdc.svg',
      },
    ])
    expect(upstream.count(BALANCE_CALL)).toBe(0)
    clock.now += 31_000
    await core.refreshBalances()
    expect(upstream.count(BALANCE_CALL)).toBe(1)
    expect((await core.getState()).balances.source).toBe('api')
  })

  it.each([
    ['a number address', { address: 7 }],
    ['a number balance', { balance: 500 }],
    ['another type', { type: 'ERC721' }],
    ['metadata without iconUrl', { metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1 } }],
    ['a string price', { metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: '1', iconUrl: 'u.svg' } }],
    ['a balance that is not hex', { balance: 'lots' }],
    ['a decimal balance (BigInt would take it)', { balance: '500000000' }],
    ['a binary balance', { balance: '0b101' }],
    ['a bare 0x', { balance: '0x' }],
    ['a negative hex balance', { balance: '-0x5' }],
    ['a hex balance with spaces', { balance: ' 0x5 ' }],
  ])('rejects a whole wallet_getAssets answer with %s', async (_what, override) => {
    const { core, warnings } = setupCore()
    await core.configure(testConfig)
    await core.setOnline(false)
    await connect(core)
    expect(await core.setWalletAssets(CAIP_ADDRESS, walletAnswer(override))).toBe(false)
    expect((await core.getState()).balances.source).toBeNull()
    expect(warnings.some((w) => w.includes('wallet_getAssets'))).toBe(true)
  })

  it('keeps per-account caches apart and shows the right one after an account switch', async () => {
    const { core, upstream } = setupCore()
    upstream.on(BALANCE_CALL, ({ url }) => json({ balances: [balance({ quantity: { decimals: '18', numeric: url.pathname.includes(ADDRESS) ? '1' : '7' } })] }))
    await core.configure(testConfig)
    await connect(core)
    const other = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
    await connect(core, other)
    expect((await core.getState()).balances.data?.[0]?.quantity.numeric).toBe('7')
    await connect(core)
    expect((await core.getState()).balances.data?.[0]?.quantity.numeric).toBe('1')
    expect(upstream.count(BALANCE_CALL)).toBe(2)
  })

  it('reads the native balance over the chain RPC with viem, cached 30 s', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await connect(core)
    const rpc = upstream.urls.filter((u) => u.pathname === '/')
    expect(rpc.map((u) => u.toString())).toEqual(['http://127.0.0.1:8545/'])
    await core.refreshBalances()
    clock.now += 31_000
    await core.refreshBalances()
    expect(upstream.count(RPC_CALL)).toBe(2)
    upstream.on(RPC_CALL, () => new Response('', { status: 500 }))
    clock.now += 31_000
    await core.refreshBalances()
    expect((await core.getState()).nativeBalance).toMatchObject({ status: 'error', formatted: '2' })
  })
})
