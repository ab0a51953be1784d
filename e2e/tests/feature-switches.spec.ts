import type { Page } from '@playwright/test'
import { axeViolations } from '../axe.ts'
import { expect, recordCspViolations, test } from '../fixtures.ts'

/**
 * The feature switches' visible states in Chromium (the demo takes `?features=`): the legal checkbox
 * that gates every connection method, and the wallets collapsed behind "Continue with a wallet".
 * They are outside the modal tour (it runs the demo's defaults), so their CSP and axe checks are here.
 */

async function checkStates(page: Page, theme: 'light' | 'dark') {
  if (theme === 'dark') {
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect(page.getByRole('button', { name: 'Light theme' })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('checkbox')).toBeVisible()
  expect(await axeViolations(page), `axe on the legal checkbox, unticked (${theme})`).toEqual([])
  await dialog.getByRole('checkbox').check()
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await expect(dialog.getByRole('button', { name: 'Sandbox Wallet' })).toBeEnabled()
  expect(await axeViolations(page), `axe on the legal checkbox, ticked, wallets shown (${theme})`).toEqual([])
}

test('the legal checkbox disables every connection method until ticked, and is remembered', async ({ page }) => {
  const violations = await recordCspViolations(page)
  await page.goto('/?features=legalCheckbox')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const box = dialog.getByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy.' })
  await expect(box).not.toBeChecked()
  const methods = dialog.getByRole('group', { name: 'Connection methods' })
  await expect(methods.getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
  await expect(methods.getByRole('button', { name: /^All Wallets/ })).toBeVisible()
  const buttons = await methods.getByRole('button').all()
  // WalletConnect, the installed wallet, All Wallets, and the catalogue's wallets once they are in.
  expect(buttons.length).toBeGreaterThanOrEqual(3)
  for (const button of buttons) await expect(button).toBeDisabled()
  await methods.getByRole('button', { name: 'Sandbox Wallet' }).click({ force: true })
  await expect(page.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)

  await box.check()
  for (const button of await methods.getByRole('button').all()) await expect(button).toBeEnabled()
  await page.reload()
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('checkbox')).toBeChecked()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  expect(await violations()).toEqual([])
})

test('collapseWallets puts the wallets behind "Continue with a wallet"', async ({ page }) => {
  const violations = await recordCspViolations(page)
  await page.goto('/?features=collapseWallets')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: 'Continue with a wallet' })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Wallets' })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await expect(dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
  expect(await violations()).toEqual([])
})

for (const theme of ['light', 'dark'] as const) {
  test(`the switches' states pass axe-core with 0 violations (${theme} theme)`, async ({ page }) => {
    await page.goto('/?features=legalCheckbox,collapseWallets')
    await checkStates(page, theme)
  })
}
