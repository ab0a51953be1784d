import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { ADDRESS, CAIP_ADDRESS, json, setupCore, testConfig } from '../../../test/fixtures.ts'

const IDENTITY = /^GET \/v1\/identity\//
const REVERSE = /^GET \/v1\/profile\/reverse\//
const PRICE = /^POST \/v1\/fungible\/price$/

describe('identity, names and prices', () => {
  it('fetches the name and avatar of the account on connect, with the sender, cached 5 min', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    expect((await core.getState()).identity).toMatchObject({ status: 'success', name: 'alice.reown.id', avatar: 'https://api.test/avatar.png' })
    expect(upstream.urls.find((u) => u.pathname.startsWith('/v1/identity/'))?.searchParams.get('sender')).toBe(ADDRESS)
    clock.now += 4 * 60_000
    await Promise.all([core.refreshIdentity(), core.refresh()])
    expect(upstream.count(IDENTITY)).toBe(1)
    clock.now += 61_000
    await Promise.all([core.refreshIdentity(), core.refreshIdentity()])
    expect(upstream.count(IDENTITY)).toBe(2)
  })

  it('keeps the last identity when a refresh fails', async () => {
    const { core, upstream, clock } = setupCore()
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
    upstream.on(IDENTITY, () => new Response('', { status: 404 }))
    clock.now += 6 * 60_000
    await core.refreshIdentity()
    expect((await core.getState()).identity).toMatchObject({ status: 'error', name: 'alice.reown.id', error: { message: 'HTTP status code: 404' } })
  })

  it('has names only on eip155', async () => {
    const { core, upstream } = setupCore()
    await core.configure(testConfig)
    await core.setConnected({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', connectorId: 'x', connectorName: 'X' })
    expect((await core.getState()).identity.status).toBe('unsupported')
    expect(upstream.count(IDENTITY)).toBe(0)
  })

  it('answers profile names from a 5 min cache that survives a restart', async () => {
    const first = setupCore()
    await first.core.configure(testConfig)
    const names = await first.core.getNames({ address: ADDRESS })
    expect(names.map((n) => n.name)).toEqual(['alice.reown.id'])
    await first.core.getNames({ address: ADDRESS.toLowerCase() })
    const second = setupCore({ dbName: first.dbName, clock: first.clock, upstream: first.upstream })
    await second.core.configure(testConfig)
    first.clock.now += 4 * 60_000
    await second.core.getNames({ address: ADDRESS })
    expect(first.upstream.count(REVERSE)).toBe(1)
    first.clock.now += 2 * 60_000
    await second.core.getNames({ address: ADDRESS })
    expect(first.upstream.count(REVERSE)).toBe(2)
    first.upstream.on(REVERSE, () => new Response('', { status: 400 }))
    await expect(second.core.getNames({ address: ADDRESS, force: true })).rejects.toThrow('Error fetching names for address')
  })

  it('answers fungible prices, one request per set of tokens per 30 s', async () => {
    const { core, upstream } = setupCore()
    await core.configure(testConfig)
    const a = 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' as const
    const b = 'eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7' as const
    const [first] = await Promise.all([core.getTokenPrices({ addresses: [a, b] }), core.getTokenPrices({ addresses: [b, a] })])
    expect(first).toEqual([{ name: 'USD Coin', symbol: 'USDC', iconUrl: 'https://api.test/usdc.svg', price: 1 }])
    expect(upstream.count(PRICE)).toBe(1)
    expect(upstream.bodies[upstream.calls.findIndex((c) => PRICE.test(c))]).toEqual({ currency: 'usd', addresses: [a, b].sort(), projectId: 'test-project' })
    upstream.on(PRICE, ({ body }) => json({ fungibles: [], echo: body }))
    await core.getTokenPrices({ addresses: [a], currency: 'eur' })
    expect(upstream.count(PRICE)).toBe(2)
  })
})
