import type { Page } from '@playwright/test'
import { connectSandboxWallet, expect, test } from '../fixtures.ts'

/** docs/theming.md: the modal is 360 px wide, and a bottom sheet below 400 px. */
const MODAL_WIDTH = 360

/** Opens the modal and answers the dialog's box once its entry animation has settled. */
async function openedDialogBox(page: Page) {
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  const box = await dialog.boundingBox()
  if (!box) throw new Error('the dialog has no box')
  return box
}

test.describe('at a desktop width', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the modal is 360 px wide, in the middle of the page', async ({ page, sandbox: _ }) => {
    const box = await openedDialogBox(page)
    expect(box.width).toBeCloseTo(MODAL_WIDTH, 0)
    expect(box.x + box.width / 2).toBeCloseTo(1280 / 2, 0)
    expect(box.y).toBeGreaterThan(0)
    expect(box.y + box.height).toBeLessThan(800)
  })
})

test.describe('below 400 px', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('the modal is a bottom sheet: the full width, at the bottom of the screen', async ({ page, sandbox: _ }) => {
    const box = await openedDialogBox(page)
    expect(box.x).toBeCloseTo(0, 0)
    expect(box.width).toBeCloseTo(375, 0)
    expect(box.y + box.height).toBeCloseTo(667, 0)
    expect(box.y).toBeGreaterThan(0)
  })
})

test.describe('a view whose code is still loading', () => {
  // The service worker would answer the chunk itself, out of the route's reach.
  test.use({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' })

  test('keeps the dialog its size and shows a progress bar named by the view', async ({ page, sandbox: _ }) => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/ReceiveView-[^/]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/')
    const account = await connectSandboxWallet(page)
    await expect(account.getByTestId('account-balance')).toContainText('ETH')
    await account.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
    const before = await account.boundingBox()

    // Hovering the button starts the fetch (held above); the click shows the view while its code loads.
    await account.getByRole('button', { name: 'Receive', exact: true }).click()
    const receive = page.getByRole('dialog', { name: 'Receive' })
    await expect(receive.getByRole('progressbar', { name: 'Receive' })).toBeVisible()
    const during = await receive.boundingBox()
    expect(during?.width).toBeCloseTo(before!.width, 0)
    expect(during?.height).toBeCloseTo(before!.height, 0)

    release()
    // The view renders once its code is there.
    await expect(receive.getByRole('img', { name: /QR code of the address/ })).toBeVisible()
    await expect(page.getByRole('progressbar')).toHaveCount(0)
  })
})

test.describe('in a browser that asks for a dark colour scheme', () => {
  test.use({ colorScheme: 'dark' })

  test("the demo sets no themeMode: the modal is dark, and follows the browser's scheme when it changes", async ({ page, sandbox: _ }) => {
    await openedDialogBox(page)
    const root = page.locator('.portico-root')
    await expect(root).toHaveAttribute('data-theme', 'dark')
    // Its surface is the dark theme's, not only the attribute.
    const surface = () => page.locator('.portico-modal').evaluate((el) => getComputedStyle(el).backgroundColor)
    const dark = await surface()
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(root).toHaveAttribute('data-theme', 'light')
    expect(await surface()).not.toBe(dark)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(root).toHaveAttribute('data-theme', 'dark')
    // The demo's Theme button sets one: the browser's changes no longer move it.
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Light theme' }).click()
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(root).toHaveAttribute('data-theme', 'light')
  })
})
