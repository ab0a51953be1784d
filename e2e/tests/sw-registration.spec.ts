import { E2E_URLS } from '../ports.ts'
import { allCaches, cachedUrls, expect, recordConsoleErrors, recordCspViolations, SW_CACHES, test, waitForServiceWorker } from '../fixtures.ts'

test("the service worker is not fetched before the visitor acts; the first intent registers it from the demo's origin", async ({ page, sandbox }) => {
  const violations = await recordCspViolations(page)
  const errors = recordConsoleErrors(page)
  const seen: string[] = []
  page.on('request', (request) => seen.push(request.url()))
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(seen.filter((u) => u.includes('portico-service-worker.js'))).toEqual([])
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0)

  // The intent registers it (the script's fetch is the browser's, not the page's: the registration shows it).
  const scriptUrl = await waitForServiceWorker(page)
  const url = new URL(scriptUrl)
  expect(url.origin).toBe(new URL(page.url()).origin)
  expect(url.pathname).toBe('/portico-service-worker.js')
  expect(url.searchParams.get('catalogue')).toBe(sandbox.catalogue.url)
  expect(await violations()).toEqual([])
  expect(errors()).toEqual([])
})

test("the demo's shell is precached when the worker installs, and what the page and the core loaded before it is kept, nothing else", async ({ page }) => {
  const entry = await page.goto('/').then(() => page.evaluate(() => (document.querySelector('script[type="module"][src]') as HTMLScriptElement).src))
  await waitForServiceWorker(page)
  const caches = await allCaches(page)
  const precache = Object.entries(caches).find(([name]) => name.startsWith('portico-precache-v1-'))
  expect(Object.keys(caches)).toContainEqual(expect.stringMatching(/^portico-precache-v1-/))
  const paths = precache![1].map((u) => new URL(u).pathname)
  expect(paths).toContain('/index.html')
  expect(paths).toContain(new URL(entry).pathname)
  // The shell only: no worker variant, no lazy view in the precache.
  expect(paths.some((p) => /worker-.*\.js$|View-.*\.js$/.test(p))).toBe(false)
  // The first intent loaded the modal and the core: the page handed them over, the worker's chunks with them.
  await expect
    .poll(
      async () =>
        Object.entries(await allCaches(page))
          .find(([name]) => name.startsWith('portico-assets-v1-'))?.[1]
          .map((u) => new URL(u).pathname) ?? [],
    )
    .toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/Modal-.*\.js$/), expect.stringMatching(/^\/assets\/session-.*\.js$/), expect.stringMatching(/^\/assets\/shared\.worker-.*\.js$/)]),
    )
  const kept = Object.entries(await allCaches(page))
    .find(([name]) => name.startsWith('portico-assets-v1-'))![1]
    .map((u) => new URL(u).pathname)
  // Neither the worker variant this browser does not run, nor a feature view nobody opened.
  expect(kept.some((p) => /dedicated\.worker-|SendView-|SwapView-|universalProvider-/.test(p))).toBe(false)
})

test('wallet images are served by the service worker from its cache, and only complete answers are kept', async ({ page, sandbox }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  const imageResponses: { url: string; fromSw: boolean; status: number }[] = []
  page.on('response', (r) => {
    if (r.url().startsWith(`${sandbox.catalogue.url}/getWalletImage/`)) imageResponses.push({ url: r.url(), fromSw: r.fromServiceWorker(), status: r.status() })
  })
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.locator('.portico-image-loaded').first()).toBeVisible()
  await expect.poll(() => cachedUrls(page, SW_CACHES.images).then((u) => u.length)).toBeGreaterThan(0)
  expect(imageResponses.length).toBeGreaterThan(0)
  expect(imageResponses.every((r) => r.fromSw && r.status === 200)).toBe(true)

  // An unknown image (404) and a failing one are handed through, never kept.
  const missing = `${sandbox.catalogue.url}/getWalletImage/no-such-image`
  const status = await page.evaluate((u) => fetch(u).then((r) => r.status), missing)
  expect(status).toBe(404)
  expect(await cachedUrls(page, SW_CACHES.images)).not.toContain(missing)
  expect((await cachedUrls(page, SW_CACHES.images)).every((u) => u.startsWith(`${sandbox.catalogue.url}/`))).toBe(true)
})

test("catalogue pages are kept (stale-while-revalidate); the data API and the chains never enter the worker's caches", async ({ page, sandbox }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toContainText('ETH')
  await expect.poll(() => cachedUrls(page, SW_CACHES.catalogue).then((u) => u.length)).toBeGreaterThan(0)
  const listings = await cachedUrls(page, SW_CACHES.catalogue)
  expect(listings.every((u) => u.startsWith(`${sandbox.catalogue.url}/getWallets?`))).toBe(true)

  const everything = Object.values(await allCaches(page)).flat()
  const forbidden = [sandbox.dataApi.url, E2E_URLS.chainA, E2E_URLS.chainB]
  expect(everything.filter((u) => forbidden.some((f) => u.startsWith(f)))).toEqual([])
})

test('images a first visit showed before the worker was active are cached once it takes the page', async ({ page, sandbox }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.locator('.portico-image-loaded').first()).toBeVisible()
  const shown = await dialog.locator('.portico-image-loaded img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc))
  expect(shown.length).toBeGreaterThan(0)
  expect(shown.every((u) => u.startsWith(`${sandbox.catalogue.url}/getWalletImage/`))).toBe(true)

  await waitForServiceWorker(page, { intent: false })
  await expect.poll(async () => (await cachedUrls(page, SW_CACHES.images)).filter((u) => shown.includes(u)).length).toBe(shown.length)
})

test('offline, a deep link of the dapp opens the precached shell; API paths, the worker file and files with an extension are left to the network', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  await context.setOffline(true)
  try {
    const deep = await page.goto('/account/activity?tab=nfts')
    expect(deep?.fromServiceWorker()).toBe(true)
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    for (const path of ['/api/session', '/v1/account/0x1/balance', '/.well-known/walletconnect.txt', '/portico-service-worker.js?x=1', '/whitepaper.pdf', '/sitemap.xml']) {
      // Not the shell: the browser's own offline failure.
      const failure = await page.goto(path).then(
        () => 'loaded',
        (error: Error) => error.message,
      )
      expect(failure, path).toContain('net::ERR_INTERNET_DISCONNECTED')
    }
  } finally {
    await context.setOffline(false)
  }
})
