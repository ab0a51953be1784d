import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'

/** README: the modal is 360 px wide, and a bottom sheet below 400 px. */
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
