import { cachedUrls, expect, SW_CACHES, SW_IMAGE_CACHE_MAX_ENTRIES, test, waitForServiceWorker } from '../fixtures.ts'

test('the image cache stays within its bound after browsing 1,000 wallet images', async ({ page, sandbox }) => {
  test.setTimeout(120_000)
  await page.goto('/')
  await waitForServiceWorker(page)
  const base = sandbox.catalogue.url
  const walletImages = sandbox.catalogue.wallets().flatMap((w) => (w.image_id ? [`${base}/getWalletImage/${w.image_id}`] : []))
  // The catalogue has fewer than 1,000 wallets: token images make up the rest.
  const urls = [...walletImages, ...Array.from({ length: Math.max(0, 1000 - walletImages.length) }, (_, i) => `${base}/public/getTokenImage/TOKEN${i}`)].slice(0, 1000)
  expect(new Set(urls).size).toBe(1000)

  const statuses = await page.evaluate(async (all) => {
    const seen: number[] = []
    for (let i = 0; i < all.length; i += 25) {
      seen.push(...(await Promise.all(all.slice(i, i + 25).map((u) => fetch(u).then(async (r) => (await r.blob(), r.status))))))
    }
    return seen
  }, urls)
  expect(statuses.filter((s) => s !== 200)).toEqual([])

  // Expiration runs after each write: the cache settles at the bound, keeping the latest images.
  await expect.poll(() => cachedUrls(page, SW_CACHES.images).then((u) => u.length), { timeout: 30_000 }).toBeLessThanOrEqual(SW_IMAGE_CACHE_MAX_ENTRIES)
  const kept = new Set(await cachedUrls(page, SW_CACHES.images))
  expect(kept.size).toBeGreaterThan(SW_IMAGE_CACHE_MAX_ENTRIES / 2)
  expect(urls.slice(-25).every((u) => kept.has(u))).toBe(true)
})
