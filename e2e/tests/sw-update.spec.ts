import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { E2E_DEMO_OUT } from '../ports.ts'
import { cachedUrls, expect, openSecondTab, serviceWorkerBuild, SW_CACHES, test, waitForServiceWorker } from '../fixtures.ts'

/** The worker file `vite preview` serves (the e2e build of the demo). */
const swFile = `${fileURLToPath(new URL(`../../demo/${E2E_DEMO_OUT}`, import.meta.url))}/portico-service-worker.js`
const NEXT_IMAGE_CACHE = 'portico-images-v2'

// Now and then (in one of three full runs on a fast machine, none of 14 runs alone; more often on a
// slower one) a tab was still not reloaded a minute after "Reload all tabs": the new worker stayed
// waiting. The worker versions' states are in the error when it happens, and one retry (named as
// flaky in npm test's summary) keeps it from failing the run until the cause is known.
test.describe.configure({ retries: 1 })

test('a new version waits while tabs are open, the host is told, and applying it moves every tab onto it at once', async ({ page, context, sandbox }) => {
  test.setTimeout(90_000)
  const original = readFileSync(swFile, 'utf8')
  // The service worker versions as DevTools sees them (status, running status, clients), for the error below.
  const cdp = await context.newCDPSession(page)
  const versions = new Map<string, string>()
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
    for (const v of updated) versions.set(v.versionId, `${v.status}, ${v.runningStatus}, ${v.controlledClients?.length ?? 0} client(s)`)
  })
  await cdp.send('ServiceWorker.enable')
  try {
    await page.goto('/')
    await waitForServiceWorker(page)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' }).locator('.portico-image-loaded').first()).toBeVisible()
    await expect.poll(() => cachedUrls(page, SW_CACHES.images).then((u) => u.length)).toBeGreaterThan(0)
    await page.keyboard.press('Escape')
    const second = await openSecondTab(context)
    const first = await serviceWorkerBuild(page)
    expect(await serviceWorkerBuild(second)).toBe(first)

    // A new deployment: a new worker whose image cache has a new format version.
    const next = original.replace(`__PORTICO_SW_BUILD__=${JSON.stringify(first)}`, `__PORTICO_SW_BUILD__="${first}-next"`).replaceAll(SW_CACHES.images, NEXT_IMAGE_CACHE)
    expect(next).not.toBe(original)
    writeFileSync(swFile, next)

    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
    // The host is told (the demo listens to Portico's update event and offers a reload).
    const banner = page.getByRole('status').filter({ hasText: 'A new version of this page is ready.' })
    await expect(banner).toBeVisible()

    // Waiting: both tabs stay on the version they loaded with, and keep working.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true)
    expect(await serviceWorkerBuild(page)).toBe(first)
    expect(await serviceWorkerBuild(second)).toBe(first)
    await second.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(second.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
    expect(await cachedUrls(page, SW_CACHES.images)).not.toHaveLength(0)

    // Applied in one tab: every tab reloads onto the new version; the old version's cache is gone.
    const reloads = [page, second].map((tab, i) =>
      tab.waitForEvent('load', { timeout: 30_000 }).catch(() => {
        throw new Error(`tab ${i + 1} did not reload within 30 s; worker versions: ${JSON.stringify(Object.fromEntries(versions))}`)
      }),
    )
    await banner.getByRole('button', { name: 'Reload all tabs' }).click()
    await Promise.all(reloads)
    expect(await serviceWorkerBuild(page)).toBe(`${first}-next`)
    expect(await serviceWorkerBuild(second)).toBe(`${first}-next`)
    const names = await page.evaluate(() => caches.keys())
    expect(names).not.toContain(SW_CACHES.images)
    expect(names.some((n) => n.startsWith('portico-precache-v1-'))).toBe(true)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' }).locator('.portico-image-loaded').first()).toBeVisible()
    await expect.poll(() => cachedUrls(page, NEXT_IMAGE_CACHE).then((u) => u.length)).toBeGreaterThan(0)
    expect((await cachedUrls(page, NEXT_IMAGE_CACHE)).every((u) => u.startsWith(sandbox.catalogue.url))).toBe(true)
  } finally {
    writeFileSync(swFile, original)
  }
})
