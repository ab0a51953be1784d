import { describe, expect, it, vi } from 'vitest'
import { catalogueBase, isCatalogueImageRequest, isCatalogueListingRequest, isHashedAsset, isShellNavigation, navigationDenylist } from './routes.ts'

const local = catalogueBase('http://127.0.0.1:8788')
const hosted = catalogueBase('https://api.example.org/catalogue/')
const url = (u: string) => new URL(u)

describe('catalogueBase', () => {
  it('keeps origin and path without the trailing slash', () => {
    expect(local).toEqual({ origin: 'http://127.0.0.1:8788', path: '' })
    expect(hosted).toEqual({ origin: 'https://api.example.org', path: '/catalogue' })
  })
  it.each(['not a url', 'ftp://x.example', 'https://user:pw@x.example', 'https://x.example/?a=1', 'https://x.example/#h', 'javascript:alert(1)'])('refuses %s', (input) =>
    expect(catalogueBase(input)).toBeNull(),
  )
})

describe('image route (cache-first): the catalogue image calls of SPEC.md §7', () => {
  it.each([
    'http://127.0.0.1:8788/getWalletImage/5a1b-uuid',
    'http://127.0.0.1:8788/public/getAssetImage/asset-1',
    'http://127.0.0.1:8788/public/getCurrencyImage/USD',
    'http://127.0.0.1:8788/public/getTokenImage/ETH?projectId=p&st=portico&sv=0.1.0',
  ])('matches %s', (u) => expect(isCatalogueImageRequest(url(u), 'GET', local)).toBe(true))

  it('matches under a catalogue that lives below a path', () => {
    expect(isCatalogueImageRequest(url('https://api.example.org/catalogue/getWalletImage/abc'), 'GET', hosted)).toBe(true)
    expect(isCatalogueImageRequest(url('https://api.example.org/getWalletImage/abc'), 'GET', hosted)).toBe(false)
    expect(isCatalogueImageRequest(url('https://api.example.org/catalogue-other/getWalletImage/abc'), 'GET', hosted)).toBe(false)
  })

  it.each([
    ['another origin', 'http://127.0.0.1:9999/getWalletImage/abc'],
    ['another scheme', 'https://127.0.0.1:8788/getWalletImage/abc'],
    ['no id', 'http://127.0.0.1:8788/getWalletImage/'],
    ['a nested path', 'http://127.0.0.1:8788/getWalletImage/a/b'],
    ['a listing', 'http://127.0.0.1:8788/getWallets?page=1'],
    ['an unknown image call', 'http://127.0.0.1:8788/public/getOtherImage/x'],
    ['a data API call at the same origin', 'http://127.0.0.1:8788/v1/account/0xabc/balance'],
    ['the analytics sink', 'http://127.0.0.1:8788/e?projectId=p'],
  ])('does not match %s', (_, u) => expect(isCatalogueImageRequest(url(u), 'GET', local)).toBe(false))

  it('matches GET only, and nothing without a configured catalogue', () => {
    expect(isCatalogueImageRequest(url('http://127.0.0.1:8788/getWalletImage/abc'), 'POST', local)).toBe(false)
    expect(isCatalogueImageRequest(url('http://127.0.0.1:8788/getWalletImage/abc'), 'GET', null)).toBe(false)
  })
})

describe('catalogue route (stale-while-revalidate): pages and searches of GET /getWallets', () => {
  it.each(['http://127.0.0.1:8788/getWallets?page=1&entries=40&projectId=p', 'http://127.0.0.1:8788/getWallets?page=1&entries=100&search=rain', 'http://127.0.0.1:8788/getWallets'])(
    'matches %s',
    (u) => expect(isCatalogueListingRequest(url(u), 'GET', local)).toBe(true),
  )

  it.each([
    ['an image', 'http://127.0.0.1:8788/getWalletImage/abc'],
    ['the analytics config', 'http://127.0.0.1:8788/getAnalyticsConfig'],
    ['a longer path', 'http://127.0.0.1:8788/getWallets/extra'],
    ['another origin', 'http://127.0.0.1:8787/getWallets?page=1'],
  ])('does not match %s', (_, u) => expect(isCatalogueListingRequest(url(u), 'GET', local)).toBe(false))

  it('matches GET only', () => expect(isCatalogueListingRequest(url('http://127.0.0.1:8788/getWallets'), 'POST', local)).toBe(false))
})

describe('never the data API nor chain RPCs', () => {
  const dataApi = [
    'http://127.0.0.1:8787/v1/account/0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266/balance?currency=usd&chainId=eip155:31337',
    'http://127.0.0.1:8787/v1/account/0xf39F/history?cursor=',
    'http://127.0.0.1:8787/v1/identity/0xf39F',
    'http://127.0.0.1:8787/v1/convert/quotes?amount=1',
    'http://127.0.0.1:8787/v1/fungible/price',
    'http://127.0.0.1:8787/v1/profile/reverse/0xf39F',
    'http://127.0.0.1:8787/v1/?chainId=eip155:1&projectId=p',
  ]
  const rpcs = ['http://127.0.0.1:8545/', 'http://127.0.0.1:8546/', 'https://rpc.example.org/v1/?chainId=eip155:1']
  it.each([...dataApi, ...rpcs])('%s matches no route', (u) => {
    for (const method of ['GET', 'POST']) {
      expect(isCatalogueImageRequest(url(u), method, local)).toBe(false)
      expect(isCatalogueListingRequest(url(u), method, local)).toBe(false)
    }
  })
})

describe('navigation route: the shell for the dapp’s own routes, the network for the deny-list', () => {
  const shell = (u: string, scope = '/') => isShellNavigation(url(u), scope)
  it.each([
    'https://dapp.example/',
    'https://dapp.example/account',
    'https://dapp.example/account/activity?tab=nfts&x=a.b',
    'https://dapp.example/apiary',
    'https://dapp.example/v10/x',
    'https://dapp.example/docs/api',
  ])('opens the shell for %s', (u) => expect(shell(u)).toBe(true))
  it.each([
    'https://dapp.example/api',
    'https://dapp.example/api/session?x=1',
    'https://dapp.example/API/session',
    'https://dapp.example/v1/account/0xabc/balance',
    'https://dapp.example/.well-known/walletconnect.txt',
    'https://dapp.example/getWallets?page=1',
    'https://dapp.example/getWalletImage/abc',
    'https://dapp.example/public/getTokenImage/ETH',
    'https://dapp.example/getAnalyticsConfig',
    'https://dapp.example/portico-service-worker.js',
    'https://dapp.example/portico-service-worker.js?catalogue=https%3A%2F%2Fc.example',
    'https://dapp.example/whitepaper.pdf',
    'https://dapp.example/assets/index-abc123.js',
    'https://dapp.example/sitemap.xml?v=2',
    'https://dapp.example/robots.txt',
  ])('leaves %s to the network', (u) => expect(shell(u)).toBe(false))

  it('is relative to the scope: the API paths of an app under /app/, and nothing outside the scope', () => {
    expect(shell('https://dapp.example/app/api/x', '/app/')).toBe(false)
    expect(shell('https://dapp.example/app/portico-service-worker.js', '/app/')).toBe(false)
    expect(shell('https://dapp.example/app/account', '/app/')).toBe(true)
    expect(shell('https://dapp.example/other', '/app/')).toBe(false)
    // `/api` below the scope only: a dapp route that happens to contain it stays the shell.
    expect(shell('https://dapp.example/app/docs/api', '/app/')).toBe(true)
  })

  it('is the list Workbox’s NavigationRoute applies (the route the worker registers)', async () => {
    // Workbox's logger reads the worker's global (`self`), quietened.
    vi.stubGlobal('__WB_DISABLE_DEV_LOGS', true)
    vi.stubGlobal('self', { __WB_DISABLE_DEV_LOGS: true })
    const { NavigationRoute } = await import('workbox-routing')
    const route = new NavigationRoute(async () => new Response(''), { denylist: navigationDenylist('/') })
    const navigate = { mode: 'navigate' } as Request
    const matches = (u: string) => route.match({ url: url(u), request: navigate, event: {} as never, sameOrigin: true })
    expect(matches('https://dapp.example/account?tab=nfts')).toBe(true)
    expect(matches('https://dapp.example/api/session')).toBe(false)
    expect(matches('https://dapp.example/portico-service-worker.js')).toBe(false)
    expect(matches('https://dapp.example/report.pdf')).toBe(false)
    vi.unstubAllGlobals()
  })
})

describe('isHashedAsset', () => {
  const dir = new URL('https://dapp.example/app/assets/')
  it("keeps the build's content-hashed files in its assets folder, nothing else", () => {
    expect(isHashedAsset(new URL('https://dapp.example/app/assets/Modal-CDNuwqc0.js'), dir)).toBe(true)
    expect(isHashedAsset(new URL('https://dapp.example/app/assets/Modal-CZoYrwY6.css'), dir)).toBe(true)
    expect(isHashedAsset(new URL('https://dapp.example/app/assets/Modal-CDNuwqc0.js.map'), dir)).toBe(false)
    expect(isHashedAsset(new URL('https://dapp.example/app/assets/logo.svg'), dir)).toBe(false)
    expect(isHashedAsset(new URL('https://dapp.example/app/assets/sub/Modal-CDNuwqc0.js'), dir)).toBe(false)
    expect(isHashedAsset(new URL('https://dapp.example/app/Modal-CDNuwqc0.js'), dir)).toBe(false)
    expect(isHashedAsset(new URL('https://other.example/app/assets/Modal-CDNuwqc0.js'), dir)).toBe(false)
  })
})
