import { analyticsConfigResponseSchema, getWalletsResponseSchema, walletListingSchema } from '@portico/shared-types'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FaultStore } from '../faults/store.ts'
import { PROJECT_QUERY, fetchError, fetchParsed, postJson, withProject } from '../../test/helpers.ts'
import { startCatalogue, type AnalyticsHandle, type CatalogueHandle } from './catalogue.ts'
import { PHONE_WALLET_ID, SANDBOX_WALLET_RDNS } from './sandbox-wallets.ts'

const PORT = 22553
let catalogue: CatalogueHandle
let analytics: AnalyticsHandle

beforeAll(async () => {
  ;({ catalogue, analytics } = await startCatalogue(PORT, new FaultStore(), { analyticsEnabled: true }))
})
afterAll(() => catalogue?.stop())

const wallets = (query: string) => fetchParsed(withProject(`${catalogue.url}/getWallets?${query}`), getWalletsResponseSchema)

describe('GET /getWallets', () => {
  it('lists over 600 wallets, the Sandbox Wallet first with its rdns, then the Sandbox Phone Wallet with its links, in pages', async () => {
    const first = await wallets('page=1&entries=40')
    expect(first.count).toBeGreaterThanOrEqual(600)
    expect(first.data).toHaveLength(40)
    expect(first.data[0]).toMatchObject({ name: 'Sandbox Wallet', rdns: SANDBOX_WALLET_RDNS, chains: ['eip155:31337', 'eip155:31338'] })
    expect(first.data[1]).toEqual({
      id: PHONE_WALLET_ID,
      name: 'Sandbox Phone Wallet',
      image_id: expect.any(String),
      rdns: null,
      chains: ['eip155:31337', 'eip155:31338'],
      mobile_link: 'http://127.0.0.1:8791/',
      desktop_link: null,
      webapp_link: 'http://127.0.0.1:8791/',
      homepage: 'http://127.0.0.1:8791',
      badge_type: 'certified',
    })
    for (const w of first.data) expect(walletListingSchema.parse(w)).toEqual(w)
    const second = await wallets('page=2&entries=40')
    expect(second.count).toBe(first.count)
    expect(new Set([...first.data, ...second.data].map((w) => w.id)).size).toBe(80)
    const last = await wallets(`page=${Math.ceil(first.count / 40)}&entries=40`)
    expect(last.data.length).toBe(first.count % 40 || 40)
    expect((await wallets('page=100&entries=40')).data).toEqual([])
  })

  it('is the same list on every start (deterministic ids and order)', () => {
    const ids = catalogue.wallets().map((w) => w.id)
    expect(ids.slice(0, 3)).toMatchInlineSnapshot(`
      [
        "e37bc8ba2226ae22b1f948d6861372cd7dd82422b5c5d8d4dbd4da7f91366436",
        "c6c5d8f1d6488ec39717365f6af786327f9526c69311f14e3b1ef9713bebd209",
        "23f9bd8844ed0c622371d5172562c8da2eb1ff4f6a3505b2cc8b745c155695f5",
      ]
    `)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('searches names case-insensitively, up to the entries asked (100 for a search)', async () => {
    const found = await wallets('page=1&entries=100&search=E')
    expect(found.count).toBeGreaterThan(100)
    expect(found.data).toHaveLength(100)
    expect(found.data.every((w) => w.name.toLowerCase().includes('e'))).toBe(true)
    const wallet = await wallets('page=1&entries=100&search=WALLET')
    expect(wallet.count).toBe(62)
    expect(wallet.data.every((w) => w.name.includes('Wallet'))).toBe(true)
    const aurora = await wallets('page=1&entries=100&search=aurora%20v')
    expect(aurora.data.map((w) => w.name)).toEqual(['Aurora Vault'])
    expect((await wallets('page=1&entries=100&search=zzzz')).count).toBe(0)
  })

  it('filters by include, exclude, chains and badge_type', async () => {
    const all = catalogue.wallets()
    const [a, b, c] = all.slice(5, 8).map((w) => w.id)
    const included = await wallets(`page=1&entries=40&include=${a},${b}`)
    expect(included.data.map((w) => w.id).sort()).toEqual([a, b].sort())
    const excluded = await wallets(`page=1&entries=40&exclude=${all[0]?.id},${c}`)
    expect(excluded.count).toBe(all.length - 2)
    expect(excluded.data.some((w) => w.id === c || w.id === all[0]?.id)).toBe(false)
    const solana = await wallets('page=1&entries=100&chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(solana.count).toBeGreaterThan(0)
    expect(solana.data.every((w) => w.chains.some((x) => x.startsWith('solana:')))).toBe(true)
    const local = await wallets('page=1&entries=100&chains=eip155:31337,eip155:31338')
    expect(local.data.every((w) => w.chains.some((x) => x === 'eip155:31337' || x === 'eip155:31338'))).toBe(true)
    const certified = await wallets('page=1&entries=100&badge_type=certified')
    expect(certified.data.every((w) => w.badge_type === 'certified')).toBe(true)
    expect(certified.count).toBeLessThan(all.length)
  })

  it('answers 400 without projectId, st or sv, and for a bad query', async () => {
    expect(await fetchError(`${catalogue.url}/getWallets?page=1&entries=40&st=appkit&sv=1`)).toEqual({ status: 400, error: 'Missing required query parameter: projectId' })
    expect((await fetchError(withProject(`${catalogue.url}/getWallets?page=0&entries=40`))).status).toBe(400)
    expect((await fetchError(withProject(`${catalogue.url}/getWallets?page=1&entries=500`))).error).toMatch(/^entries:/)
  })
})

describe('images', () => {
  it('serves each wallet its own SVG with a day of caching and an ETag (304 when unchanged)', async () => {
    const [sandbox, other] = catalogue.wallets()
    const res = await fetch(`${catalogue.url}/getWalletImage/${other?.image_id}?${PROJECT_QUERY}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    const etag = res.headers.get('etag')
    expect(etag).toMatch(/^".+"$/)
    expect(await res.text()).toContain(`<title>${other?.name}</title>`)
    const again = await fetch(`${catalogue.url}/getWalletImage/${other?.image_id}`, { headers: { 'if-none-match': etag ?? '' } })
    expect(again.status).toBe(304)
    const mine = await fetch(`${catalogue.url}/getWalletImage/${sandbox?.image_id}`)
    expect(await mine.text()).toContain('<svg')
    expect(mine.headers.get('etag')).not.toBe(etag)
    expect((await fetch(`${catalogue.url}/getWalletImage/nope`)).status).toBe(404)
  })

  it('serves asset, currency and token images for any id', async () => {
    for (const path of ['public/getAssetImage/network-31337', 'public/getCurrencyImage/USD', 'public/getTokenImage/ETH']) {
      const res = await fetch(`${catalogue.url}/${path}?${PROJECT_QUERY}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      expect(res.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/)
      expect(await res.text()).toContain('<svg')
    }
  })
})

describe('analytics', () => {
  const event = () => ({
    eventId: randomUUID(),
    url: 'http://127.0.0.1:5173/',
    domain: '127.0.0.1',
    timestamp: Date.now(),
    props: { type: 'track' as const, event: 'SEND_INITIATED', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', properties: { network: 'eip155:31337' } },
  })

  it('answers the analytics config', async () => {
    expect(await fetchParsed(withProject(`${catalogue.url}/getAnalyticsConfig`), analyticsConfigResponseSchema)).toEqual({ isAnalyticsEnabled: true })
    analytics.setEnabled(false)
    expect(await fetchParsed(withProject(`${catalogue.url}/getAnalyticsConfig`), analyticsConfigResponseSchema)).toEqual({ isAnalyticsEnabled: false })
    analytics.setEnabled(true)
  })

  it('stores events with their query, readable in-process and over HTTP, and clears', async () => {
    analytics.clear()
    const sent = event()
    const res = await fetch(withProject(`${catalogue.url}/e`), postJson(sent))
    expect(res.status).toBe(202)
    expect(analytics.events()).toEqual([{ receivedAt: expect.any(Number), query: { projectId: 'test-project', st: 'appkit', sv: 'html-test' }, event: sent }])
    const overHttp = await fetchParsed(`${catalogue.url}/__admin/analytics`, z.array(z.unknown()))
    expect(overHttp).toEqual(analytics.events())
    await fetch(`${catalogue.url}/__admin/analytics`, { method: 'DELETE' })
    expect(analytics.events()).toEqual([])
  })

  it('rejects a bad body and a missing projectId with 400, and answers 403 while forbidden', async () => {
    expect(await fetchError(withProject(`${catalogue.url}/e`), postJson({ ...event(), eventId: 'x' }))).toMatchObject({ status: 400, error: expect.stringMatching(/^eventId:/) })
    expect((await fetchError(`${catalogue.url}/e?st=a&sv=b`, postJson(event()))).status).toBe(400)
    await fetch(`${catalogue.url}/__admin/analytics/forbid`, postJson({ on: true }))
    expect(await fetchError(withProject(`${catalogue.url}/e`), postJson(event()))).toEqual({ status: 403, error: 'Origin not allowlisted for this project' })
    analytics.forbid(false)
    expect((await fetch(withProject(`${catalogue.url}/e`), postJson(event()))).status).toBe(202)
  })

  it('allows any origin and exposes Retry-After and ETag', async () => {
    const res = await fetch(withProject(`${catalogue.url}/getWallets?page=1&entries=1`), { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After')
  })
})
