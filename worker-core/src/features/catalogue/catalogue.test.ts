import 'fake-indexeddb/auto'
import { describe, expect, it, vi } from 'vitest'
import type { WalletPage } from '@portico/shared-types'
import { json, setupCore, testConfig, wallet } from '../../../test/fixtures.ts'

const GET_WALLETS = /^GET \/getWallets$/
const IMAGE = /^GET \/getWalletImage\//

/**
 * A catalogue of `n` wallets answering page/entries/include/exclude/search/badge_type like the real one;
 * every third wallet (w3, w6, …) is certified.
 */
function catalogue(n: number) {
  const all = Array.from({ length: n }, (_, i) => wallet(`w${i + 1}`, { badge_type: (i + 1) % 3 === 0 ? 'certified' : 'none' }))
  return ({ url }: { url: URL }) => {
    const q = url.searchParams
    const include = q.get('include')?.split(',')
    const exclude = q.get('exclude')?.split(',') ?? []
    const search = q.get('search')?.toLowerCase()
    const badge = q.get('badge_type')
    const matching = all.filter((w) => (!include || include.includes(w.id)) && !exclude.includes(w.id) && (!search || w.name.toLowerCase().includes(search)) && (!badge || w.badge_type === badge))
    const entries = Number(q.get('entries'))
    const page = Number(q.get('page'))
    return json({ count: matching.length, data: matching.slice((page - 1) * entries, page * entries) })
  }
}

async function setup(options: Parameters<ReturnType<typeof setupCore>['core']['configure']>[1] = {}, sleep?: (ms: number) => Promise<void>) {
  const s = setupCore(sleep ? { sleep } : {})
  s.upstream.on(GET_WALLETS, catalogue(120))
  await s.core.configure(testConfig, options)
  return s
}

const queries = (urls: URL[]) => urls.filter((u) => u.pathname === '/getWallets').map((u) => Object.fromEntries(u.searchParams))

describe('wallet catalogue', () => {
  it('answers All Wallets in pages of 40 without recommended, featured or excluded wallets, and fetches the first 20 images', async () => {
    const { core, upstream } = await setup({ featuredWalletIds: ['w9'], excludeWalletIds: ['w10'], includeWalletIds: [] })
    const page = await core.getWallets({ page: 1 })
    const [recommended, first] = queries(upstream.urls)
    expect(recommended).toEqual({ page: '1', entries: '4', exclude: 'w10,w9', chains: 'eip155:31337,eip155:31338', projectId: 'test-project', st: 'portico', sv: 'react-portico-0.1.0' })
    expect(first).toEqual({ page: '1', entries: '40', exclude: 'w10,w9,w1,w2,w3,w4', chains: 'eip155:31337,eip155:31338', projectId: 'test-project', st: 'portico', sv: 'react-portico-0.1.0' })
    expect(page.count).toBe(114)
    expect(page.data).toHaveLength(40)
    expect(page.data[0]).toMatchObject({ id: 'w5', imageUrl: 'http://catalogue.test/getWalletImage/img-w5?projectId=test-project&st=portico&sv=react-portico-0.1.0' })
    expect(upstream.count(IMAGE)).toBe(20)
    expect(page.prefetched).toEqual(page.data.slice(0, 20).map((w) => w.imageUrl))
    const second = await core.getWallets({ page: 2 })
    expect(second.data[0]?.id).toBe('w47')
    expect(upstream.count(IMAGE)).toBe(40)
  })

  it('fetches images through the one HTTP layer: query fields, retries, counted, and only the first 20 of a page', async () => {
    const counted: string[] = []
    const s = setupCore({ onRequest: (url) => void counted.push(url) })
    s.upstream.on(GET_WALLETS, catalogue(120))
    const failures = new Map<string, number>()
    // Every image fails once with 503 (retried), img-w7 is missing (404, not retried).
    s.upstream.on(IMAGE, ({ url }) => {
      const id = url.pathname.split('/').at(-1)!
      if (id === 'img-w7') return new Response('', { status: 404 })
      const seen = failures.get(id) ?? 0
      failures.set(id, seen + 1)
      return seen === 0 ? new Response('', { status: 503 }) : new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } })
    })
    await s.core.configure(testConfig, { featuredWalletIds: ['w9'] })
    const page = await s.core.getWallets({ page: 1 })
    const firstTwenty = page.data.slice(0, 20)
    const imageRequests = s.upstream.urls.filter((u) => u.pathname.startsWith('/getWalletImage/'))
    expect(new Set(imageRequests.map((u) => u.pathname.split('/').at(-1)))).toEqual(new Set(firstTwenty.map((w) => w.image_id)))
    // 19 images asked twice (503, then the image), the missing one once.
    expect(imageRequests).toHaveLength(19 * 2 + 1)
    for (const u of imageRequests) expect(Object.fromEntries(u.searchParams)).toEqual({ projectId: 'test-project', st: 'portico', sv: 'react-portico-0.1.0' })
    expect(page.prefetched).toEqual(firstTwenty.filter((w) => w.id !== 'w7').map((w) => w.imageUrl))
    expect(counted.filter((u) => u.includes('/getWalletImage/'))).toHaveLength(imageRequests.length)
    // Fetched images are not asked for again; the missing one is tried again on the next look.
    await s.core.getWallets({ page: 1 })
    expect(s.upstream.count(IMAGE)).toBe(19 * 2 + 2)
  })

  it('gives an image up after 2 s (SPEC.md §9) without holding the page back', async () => {
    const { core, upstream } = await setup()
    let imageAsked!: () => void
    const asked = new Promise<void>((resolve) => (imageAsked = resolve))
    upstream.on(IMAGE, ({ url }) => {
      if (!url.pathname.endsWith('/img-w1')) return new Response(new Uint8Array([1]))
      imageAsked()
      return new Promise<Response>(() => {})
    })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let recommended: WalletPage | undefined
      const answering = core.getRecommendedWallets().then((page) => (recommended = page))
      // The give-up timer starts before the image is asked for.
      await asked
      await vi.advanceTimersByTimeAsync(1_999)
      expect(recommended).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      await answering
      expect(recommended?.prefetched).toEqual(recommended?.data.slice(1).map((w) => w.imageUrl))
    } finally {
      vi.useRealTimers()
    }
  })

  it('asks the catalogue once per page for any number of tabs, and fetches an image once', async () => {
    const { core, upstream } = await setup()
    await Promise.all([core.getWallets({ page: 1 }), core.getWallets({ page: 1 }), core.getWallets()])
    await core.getWallets({ page: 1 })
    // The default featured wallets, the recommended ones (both left out of the page), the page.
    expect(upstream.count(GET_WALLETS)).toBe(3)
    expect(upstream.count(IMAGE)).toBe(20)
  })

  it('searches 100 entries and answers no sooner than 300 ms', async () => {
    const sleeps: number[] = []
    let wake!: () => void
    const sleep = (ms: number) => {
      sleeps.push(ms)
      return new Promise<void>((resolve) => (wake = resolve))
    }
    const { core, upstream } = await setup({ includeWalletIds: ['w1', 'w11', 'w12', 'w2'] }, sleep)
    let answered = false
    const searching = core.getWallets({ search: '  Wallet w1 ' }).then((r) => ((answered = true), r))
    await new Promise((r) => setTimeout(r, 20))
    expect(answered).toBe(false)
    expect(sleeps).toEqual([300])
    wake()
    const result = await searching
    expect(result.data.map((w) => w.id)).toEqual(['w1', 'w11', 'w12'])
    expect(queries(upstream.urls)[0]).toMatchObject({ page: '1', entries: '100', search: 'Wallet w1', include: 'w1,w11,w12,w2' })
  })

  it('answers 4 recommended wallets (not the featured ones) and fetches their images and the recent wallets ones', async () => {
    const { core, upstream } = await setup()
    await core.addRecentWallet(wallet('w50'))
    const recommended = await core.getRecommendedWallets()
    // w3 is certified, so featured by default, and shown above the recommended ones.
    expect(recommended.data.map((w) => w.id)).toEqual(['w1', 'w2', 'w4', 'w5'])
    expect(upstream.urls.filter((u) => u.pathname.startsWith('/getWalletImage/')).map((u) => u.pathname.split('/').at(-1))).toEqual(['img-w1', 'img-w2', 'img-w4', 'img-w5', 'img-w50'])
    const configured = await setup({ featuredWalletIds: ['w2'] })
    expect((await configured.core.getRecommendedWallets()).data.map((w) => w.id)).toEqual(['w1', 'w3', 'w4', 'w5'])
  })

  it('answers the featured wallets in the configured order, as many as configured', async () => {
    const { core, upstream } = await setup({ featuredWalletIds: ['w30', 'w7', 'w200', 'w1', 'w2'] })
    const featured = await core.getFeaturedWallets()
    expect(featured.data.map((w) => w.id)).toEqual(['w30', 'w7', 'w1', 'w2'])
    expect(featured.count).toBe(4)
    expect(queries(upstream.urls)).toEqual([expect.objectContaining({ page: '1', entries: '5', include: 'w30,w7,w200,w1,w2' })])
    expect(featured.prefetched).toEqual(featured.data.map((w) => w.imageUrl))
  })

  it('without configured ids, features the first 4 certified wallets of the configured chains (SPEC.md §9: or 4) and leaves them out below', async () => {
    const { core, upstream } = await setup({ excludeWalletIds: ['w6'] })
    const featured = await core.getFeaturedWallets()
    expect(featured.data.map((w) => w.id)).toEqual(['w3', 'w9', 'w12', 'w15'])
    expect(featured.count).toBe(4)
    expect(queries(upstream.urls)[0]).toEqual({
      page: '1',
      entries: '4',
      badge_type: 'certified',
      exclude: 'w6',
      chains: 'eip155:31337,eip155:31338',
      projectId: 'test-project',
      st: 'portico',
      sv: 'react-portico-0.1.0',
    })
    expect(upstream.count(IMAGE)).toBe(4)
    const page = await core.getWallets({ page: 1 })
    const ids = page.data.map((w) => w.id)
    for (const id of ['w3', 'w9', 'w12', 'w15', 'w6']) expect(ids).not.toContain(id)
    expect(ids.slice(0, 4)).toEqual(['w7', 'w8', 'w10', 'w11'])
    // Asked once for every list that needs it.
    expect(queries(upstream.urls).filter((q) => q.badge_type === 'certified')).toHaveLength(1)
  })

  it('features fewer than 4 when the catalogue has fewer certified wallets, and shows the lists below when it fails', async () => {
    const few = await setup({ includeWalletIds: ['w1', 'w2', 'w3', 'w4', 'w6'] })
    expect((await few.core.getFeaturedWallets()).data.map((w) => w.id)).toEqual(['w3', 'w6'])
    const { core, upstream } = await setup()
    upstream.on(GET_WALLETS, ({ url }) => (url.searchParams.get('badge_type') ? new Response('', { status: 400 }) : catalogue(120)({ url })))
    await expect(core.getFeaturedWallets()).rejects.toThrow('HTTP status code: 400')
    expect((await core.getRecommendedWallets()).data.map((w) => w.id)).toEqual(['w1', 'w2', 'w3', 'w4'])
  })

  it('keeps the 2 most recent wallets, newest first, across restarts', async () => {
    const { core, dbName, clock } = await setup()
    await core.addRecentWallet(wallet('a'))
    await core.addRecentWallet(wallet('b'))
    await core.addRecentWallet({ ...wallet('a'), imageUrl: 'ignored' } as never)
    await core.addRecentWallet(wallet('c'))
    expect((await core.getState()).recentWallets.map((w) => w.id)).toEqual(['c', 'a'])
    const again = setupCore({ dbName, clock })
    expect((await again.core.getState()).recentWallets.map((w) => w.id)).toEqual(['c', 'a'])
  })

  it('says so when no catalogue is configured', async () => {
    const { core } = setupCore()
    await core.configure({ ...testConfig, catalogueUrl: undefined })
    await expect(core.getWallets()).rejects.toThrow('The wallet catalogue is not configured')
  })

  it('answers a catalogue failure as a typed HTTP error', async () => {
    const { core, upstream } = await setup()
    upstream.on(GET_WALLETS, () => new Response('', { status: 400 }))
    await expect(core.getRecommendedWallets()).rejects.toThrow('HTTP status code: 400')
  })
})
