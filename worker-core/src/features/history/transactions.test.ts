import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '@portico/shared-types'
import { CAIP_ADDRESS, json, setupCore, spamNft, testConfig, transaction } from '../../../test/fixtures.ts'

const HISTORY = /^GET \/v1\/account\/[^/]+\/history$/

function pages(list: Record<string, { data: Transaction[]; next: string | null }>) {
  return ({ url }: { url: URL }) => json(list[url.searchParams.get('cursor') ?? 'first'] ?? { data: [], next: null })
}

async function connected() {
  const setup = setupCore()
  await setup.core.configure(testConfig)
  await setup.core.setConnected({ caipAddress: CAIP_ADDRESS, connectorId: 'x', connectorName: 'X' })
  return setup
}

describe('transactions', () => {
  it('pages with the cursor, groups by year then month, and drops spam NFT-only and other-chain transactions', async () => {
    const { core, upstream } = await connected()
    upstream.on(
      HISTORY,
      pages({
        first: {
          data: [
            transaction('1', '2025-03-20T10:00:00Z'),
            transaction('2', '2025-03-02T10:00:00Z', { transfers: [spamNft] }),
            transaction('3', '2025-01-15T10:00:00Z', { chain: 'eip155:31338' }),
            transaction('4', '2025-01-10T10:00:00Z', { transfers: [spamNft, { fungible_info: { name: 'Ether', symbol: 'ETH', icon: null }, direction: 'in', quantity: { numeric: '1' } }] }),
          ],
          next: 'c2',
        },
        c2: { data: [transaction('5', '2025-01-05T10:00:00Z'), transaction('6', '2024-12-24T10:00:00Z')], next: null },
      }),
    )
    await core.loadTransactions()
    let { transactions } = await core.getState()
    expect(transactions).toMatchObject({ status: 'success', caipAddress: CAIP_ADDRESS, next: 'c2', empty: false, error: null })
    expect(transactions.data.map((t) => t.id)).toEqual(['1', '4'])
    const url = upstream.urls.find((u) => u.pathname.endsWith('/history'))!
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ chainId: 'eip155:31337', projectId: 'test-project', st: 'portico' })

    await core.loadMoreTransactions({ cursor: 'c2' })
    ;({ transactions } = await core.getState())
    expect(transactions.next).toBeNull()
    expect(transactions.data.map((t) => t.id)).toEqual(['1', '4', '5', '6'])
    expect(transactions.grouped.map((y) => [y.year, y.months.map((m) => [m.month, m.transactions.map((t) => t.id)])])).toEqual([
      [
        2025,
        [
          [2, ['1']],
          [0, ['4', '5']],
        ],
      ],
      [2024, [[11, ['6']]]],
    ])
    expect(upstream.urls.filter((u) => u.pathname.endsWith('/history')).map((u) => u.searchParams.get('cursor'))).toEqual([null, 'c2'])
  })

  it("loads the onramp's deliveries apart (onramp=coinbase), leaves Activity alone, and keeps the list when that call fails", async () => {
    const { core, upstream } = await connected()
    let failOnramp = false
    upstream.on(HISTORY, ({ url }: { url: URL }) => {
      if (url.searchParams.get('onramp') === 'coinbase') {
        if (failOnramp) return new Response('down', { status: 404 })
        return json({ data: [transaction('bought', '2025-03-21T10:00:00Z'), transaction('elsewhere', '2025-03-21T10:00:00Z', { chain: 'eip155:31338' })], next: null })
      }
      return json({ data: [transaction('1', '2025-03-20T10:00:00Z')], next: null })
    })
    await core.loadTransactions()
    expect((await core.getState()).transactions.coinbaseTransactions).toEqual([])

    await core.loadTransactions({ onramp: 'coinbase' })
    let { transactions } = await core.getState()
    expect(transactions.data.map((t) => t.id)).toEqual(['1'])
    expect(transactions.coinbaseTransactions.map((t) => t.id)).toEqual(['bought'])
    expect(upstream.urls.filter((u) => u.searchParams.get('onramp') === 'coinbase')).toHaveLength(1)

    failOnramp = true
    await core.loadTransactions({ onramp: 'coinbase' })
    ;({ transactions } = await core.getState())
    expect(transactions.status).toBe('success')
    expect(transactions.coinbaseTransactions.map((t) => t.id)).toEqual(['bought'])
  })

  it('is empty with no cursor when the account has no transactions', async () => {
    const { core } = await connected()
    await core.loadTransactions()
    expect((await core.getState()).transactions).toMatchObject({ status: 'success', empty: true, next: null, data: [], grouped: [] })
  })

  it("on an error sets empty, clears the cursor and says 'Failed to fetch transactions'", async () => {
    const { core, upstream } = await connected()
    upstream.on(HISTORY, pages({ first: { data: [transaction('1', '2025-03-20T10:00:00Z')], next: 'c2' } }))
    await core.loadTransactions()
    upstream.on(HISTORY, () => new Response('', { status: 400 }))
    await core.loadMoreTransactions()
    expect((await core.getState()).transactions).toMatchObject({
      status: 'error',
      empty: true,
      next: null,
      error: { message: 'Failed to fetch transactions' },
    })
  })

  it('shows loading while a page is fetched', async () => {
    const { core, upstream } = await connected()
    let resolve!: (r: Response) => void
    upstream.on(HISTORY, () => new Promise<Response>((r) => (resolve = r)))
    const loading = core.loadTransactions()
    await new Promise((r) => setTimeout(r, 5))
    expect((await core.getState()).transactions.status).toBe('loading')
    resolve(json({ data: [], next: null }))
    await loading
    expect((await core.getState()).transactions.status).toBe('success')
  })

  it('shares the first page for 30 s and each page once, however many tabs ask', async () => {
    const { core, upstream, clock } = await connected()
    upstream.on(HISTORY, pages({ first: { data: [transaction('1', '2025-03-20T10:00:00Z')], next: 'c2' }, c2: { data: [transaction('2', '2025-03-01T10:00:00Z')], next: 'c3' } }))
    await Promise.all([core.loadTransactions(), core.loadTransactions(), core.loadTransactions()])
    await core.loadTransactions()
    expect(upstream.count(HISTORY)).toBe(1)
    // Two tabs showing cursor c2 both scroll to the end: one page is loaded, not two.
    await core.loadMoreTransactions({ cursor: 'c2' })
    await core.loadMoreTransactions({ cursor: 'c2' })
    expect(upstream.count(HISTORY)).toBe(2)
    expect((await core.getState()).transactions.next).toBe('c3')
    clock.now += 31_000
    await core.loadTransactions()
    expect(upstream.count(HISTORY)).toBe(3)
    expect((await core.getState()).transactions.data.map((t) => t.id)).toEqual(['1'])
  })

  it('has history only on eip155, and needs an account', async () => {
    const { core } = setupCore()
    await core.configure(testConfig)
    await expect(core.loadTransactions()).rejects.toThrow("Transactions can't be fetched without an accountAddress")
    await core.setConnected({ caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv', connectorId: 'x', connectorName: 'X' })
    await core.loadTransactions()
    expect((await core.getState()).transactions).toMatchObject({ status: 'unsupported', empty: true })
  })

  it('starts over for another account or network', async () => {
    const { core, upstream } = await connected()
    upstream.on(HISTORY, pages({ first: { data: [transaction('1', '2025-03-20T10:00:00Z')], next: null } }))
    await core.loadTransactions()
    await core.setConnected({ caipAddress: 'eip155:31338:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', connectorId: 'x', connectorName: 'X' })
    expect((await core.getState()).transactions).toMatchObject({ status: 'idle', data: [] })
  })
})

describe('transactions offline', () => {
  it('reopens the last loaded list from IndexedDB and does not fetch while offline', async () => {
    const first = await connected()
    first.upstream.on(HISTORY, pages({ first: { data: [transaction('1', '2025-03-20T10:00:00Z')], next: 'c2' } }))
    await first.core.loadTransactions()
    const again = setupCore({ dbName: first.dbName, clock: first.clock })
    const restored = (await again.core.getState()).transactions
    expect(restored).toMatchObject({ status: 'success', caipAddress: CAIP_ADDRESS, next: 'c2', updatedAt: first.clock.now })
    expect(restored.grouped[0]?.months[0]?.transactions.map((t) => t.id)).toEqual(['1'])
    await again.core.configure(testConfig)
    await again.core.setOnline(false)
    first.clock.now += 60_000
    await again.core.loadTransactions()
    expect(again.upstream.count(HISTORY)).toBe(0)
    // Back online, the stale list is fetched again at once; when that fails, the list shown stays beside the error.
    again.upstream.on(HISTORY, () => new Response('', { status: 400 }))
    await again.core.setOnline(true)
    expect(again.upstream.count(HISTORY)).toBe(1)
    expect((await again.core.getState()).transactions).toMatchObject({ status: 'error', empty: true, next: null, error: { message: 'Failed to fetch transactions' } })
    expect((await again.core.getState()).transactions.data.map((t) => t.id)).toEqual(['1'])
  })

  it('back online, fetches the first page of a list restored offline once, however many tabs say so', async () => {
    const first = await connected()
    first.upstream.on(HISTORY, pages({ first: { data: [transaction('1', '2025-03-20T10:00:00Z')], next: 'c2' } }))
    await first.core.loadTransactions()
    const again = setupCore({ dbName: first.dbName, clock: first.clock })
    again.upstream.on(HISTORY, pages({ first: { data: [transaction('9', '2025-04-01T10:00:00Z'), transaction('1', '2025-03-20T10:00:00Z')], next: null } }))
    await again.core.configure(testConfig)
    await again.core.setOnline(false)
    // Three tabs open the account offline: the restored list is shown, nothing is fetched.
    await Promise.all([again.core.refresh(), again.core.refresh(), again.core.loadTransactions(), again.core.loadTransactions()])
    first.clock.now += 60_000
    expect(again.upstream.count(HISTORY)).toBe(0)
    expect((await again.core.getState()).transactions.data.map((t) => t.id)).toEqual(['1'])

    await Promise.all([again.core.setOnline(true), again.core.setOnline(true), again.core.setOnline(true)])
    expect(again.upstream.count(HISTORY)).toBe(1)
    expect(again.upstream.urls.find((u) => u.pathname.endsWith('/history'))?.searchParams.get('cursor')).toBeNull()
    const { transactions } = await again.core.getState()
    expect(transactions).toMatchObject({ status: 'success', next: null, updatedAt: first.clock.now })
    expect(transactions.data.map((t) => t.id)).toEqual(['9', '1'])
    // Tabs asking right after (refresh, focus, the Activity view) share that fresh page.
    await Promise.all([again.core.refresh(), again.core.loadTransactions(), again.core.setVisibility('a', true)])
    expect(again.upstream.count(HISTORY)).toBe(1)
  })

  it('refreshing the account does not load a list no tab has asked for', async () => {
    const { core, upstream, clock } = await connected()
    await core.refresh()
    clock.now += 60_000
    await core.setOnline(false)
    await core.setOnline(true)
    await core.refresh({ force: true })
    expect(upstream.count(HISTORY)).toBe(0)
    expect((await core.getState()).transactions.status).toBe('idle')
  })
})
