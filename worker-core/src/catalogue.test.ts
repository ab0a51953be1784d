import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { json, setupCore, testConfig, wallet } from './test-fixtures.ts'

const GET_WALLETS = /^GET \/getWallets$/
const IMAGE = /^GET \/getWalletImage\//

/** A catalogue of `n` wallets answering page/entries/include/exclude/search like the real one. */
function catalogue(n: number) {
  const all = Array.from({ length: n }, (_, i) => wallet(`w${i + 1}`))
  return ({ url }: { url: URL }) => {
    const q = url.searchParams
    const include = q.get('include')?.split(',')
    const exclude = q.get('exclude')?.split(',') ?? []
    const search = q.get('search')?.toLowerCase()
    const matching = all.filter((w) => (!include || include.includes(w.id)) && !exclude.includes(w.id) && (!search || w.name.toLowerCase().includes(search)))
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

  it('asks the catalogue once per page for any number of tabs, and fetches an image once', async () => {
    const { core, upstream } = await setup()
    await Promise.all([core.getWallets({ page: 1 }), core.getWallets({ page: 1 }), core.getWallets()])
    await core.getWallets({ page: 1 })
    expect(upstream.count(GET_WALLETS)).toBe(2)
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

  it('answers 4 recommended wallets and fetches their images and the recent wallets ones', async () => {
    const { core, upstream } = await setup()
    await core.addRecentWallet(wallet('w50'))
    const recommended = await core.getRecommendedWallets()
    expect(recommended.data.map((w) => w.id)).toEqual(['w1', 'w2', 'w3', 'w4'])
    expect(upstream.urls.filter((u) => u.pathname.startsWith('/getWalletImage/')).map((u) => u.pathname.split('/').at(-1))).toEqual([
      'img-w1',
      'img-w2',
      'img-w3',
      'img-w4',
      'img-w50',
    ])
  })

  it('answers the featured wallets in the configured order, or none', async () => {
    const { core } = await setup({ featuredWalletIds: ['w30', 'w7', 'w200'] })
    expect((await core.getFeaturedWallets()).data.map((w) => w.id)).toEqual(['w30', 'w7'])
    const plain = await setup()
    expect((await plain.core.getFeaturedWallets()).data).toEqual([])
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
