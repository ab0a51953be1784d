import type { Locator, Page, TestInfo } from '@playwright/test'
import { expect, test } from '../fixtures.ts'

/**
 * Arabic, right to left, on a 360 px phone: the demo sets no `locale`, so the browser's language
 * (`navigator.languages`, here ar) chooses it. Every view walked here is mirrored (`dir="rtl"`, the back
 * arrow points right), says its texts in Arabic, and nothing in the modal is wider than the modal.
 * Each view's screenshot is attached to the test's output.
 */
test.use({ locale: 'ar', viewport: { width: 360, height: 740 } })

const modal = (page: Page) => page.locator('.portico-modal')

/** What sticks out sideways: the modal's own scroll width, and any element wider than its box or outside the modal. */
async function overflows(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((root) => {
    const found: string[] = []
    const describeElement = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`
    if (root.scrollWidth > root.clientWidth) found.push(`the modal scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`)
    const box = root.getBoundingClientRect()
    for (const el of root.querySelectorAll('*')) {
      const style = getComputedStyle(el)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      // Text for screen readers only (clipped to a pixel) is not on screen.
      if (style.clip !== 'auto' || style.clipPath !== 'none') continue
      // A text cut with an ellipsis on purpose (a long address) is clipped, not overflowing.
      const clipped = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible'
      if (!clipped && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) found.push(`${describeElement(el)} scrolls: ${el.scrollWidth} > ${el.clientWidth}`)
      const rect = el.getBoundingClientRect()
      if (rect.width === 0) continue
      if (rect.left < box.left - 1 || rect.right > box.right + 1)
        found.push(`${describeElement(el)} sticks out: ${Math.round(rect.left)}…${Math.round(rect.right)} of ${Math.round(box.left)}…${Math.round(box.right)}`)
    }
    return found
  })
}

/** Waits for the view, checks its direction and overflow, and attaches its screenshot. */
async function check(page: Page, testInfo: TestInfo, view: string, shows: Locator) {
  const dialog = modal(page)
  await expect(dialog).toHaveAttribute('data-view', view)
  await expect(shows).toBeVisible()
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  await dialog.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  )
  await expect(page.locator('.portico-root')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('.portico-root')).toHaveAttribute('lang', 'ar')
  expect(await overflows(dialog), view).toEqual([])
  const path = testInfo.outputPath(`ar-360-${view}.png`)
  await page.screenshot({ path })
  await testInfo.attach(`ar-360-${view}`, { path, contentType: 'image/png' })
}

test('every view renders in Arabic, right to left, with nothing overflowing at 360 px', async ({ page, sandbox: _ }, testInfo) => {
  await page.goto('/')
  expect(await page.evaluate(() => navigator.languages[0])).toBe('ar')
  await page.getByRole('button', { name: 'ربط المحفظة' }).click()
  const dialog = modal(page)
  await check(page, testInfo, 'Connect', dialog.getByRole('button', { name: 'Sandbox Wallet' }))
  await expect(dialog.locator('#portico-title')).toHaveText('ربط المحفظة')

  await dialog.getByRole('button', { name: 'كل المحافظ' }).first().click()
  await check(page, testInfo, 'AllWallets', dialog.getByRole('searchbox').or(dialog.getByPlaceholder('البحث عن محفظة')).first())
  // The back arrow points right, the way back in a right-to-left page.
  const back = dialog.getByRole('button', { name: 'رجوع' })
  await expect(back.locator('svg')).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)')
  await back.click()

  await dialog.getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await check(page, testInfo, 'Account', dialog.getByTestId('account-balance').filter({ hasText: 'ETH' }))
  await expect(dialog.locator('#portico-title')).toHaveText('الحساب')

  await dialog.getByRole('tab', { name: 'النشاط' }).click()
  await check(page, testInfo, 'Account', dialog.getByRole('tabpanel'))
  await dialog.getByRole('tab', { name: 'الرموز' }).click()

  await dialog.getByRole('button', { name: /^الشبكات: / }).click()
  await check(page, testInfo, 'Networks', dialog.getByText('نشطة'))
  await dialog.getByRole('button', { name: 'رجوع' }).click()

  for (const [label, view, shows] of [
    ['استلام', 'Receive', () => dialog.getByRole('img', { name: /رمز QR للعنوان/ })],
    ['إرسال', 'Send', () => dialog.getByLabel('المبلغ')],
    ['مبادلة', 'Swap', () => dialog.getByText('تدفع').first()],
    ['شراء', 'Buy', () => dialog.getByText('طريقة الدفع').first()],
  ] as const) {
    await dialog.getByRole('button', { name: label, exact: true }).click()
    await check(page, testInfo, view, shows())
    await dialog.getByRole('button', { name: 'رجوع' }).click()
    await expect(dialog).toHaveAttribute('data-view', 'Account')
  }

  // A refused input says the SPEC's message in Arabic, and the longer text still fits.
  await dialog.getByRole('button', { name: 'إرسال', exact: true }).click()
  await dialog.getByLabel('المبلغ').fill('0.01')
  await dialog.getByLabel('عنوان المستلم أو اسمه').fill('0x1234')
  await dialog.getByRole('button', { name: 'مراجعة', exact: true }).click()
  await check(page, testInfo, 'Send', dialog.getByText('أدخل عنوانًا صالحًا: 0x و40 حرفًا ست عشريًا'))

  await dialog.getByRole('button', { name: 'رجوع' }).click()
  await dialog.getByRole('tab', { name: 'NFT' }).click()
  await check(page, testInfo, 'Account', dialog.getByRole('tabpanel'))
})
