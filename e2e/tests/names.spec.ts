import type { Page } from '@playwright/test'
import { axeViolations } from '../axe.ts'
import { connectSandboxWallet, expect, recordCspViolations, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/** Accounts 8 and 9 of the test mnemonic: funded, without a name. */
const ACCOUNT_8 = { index: 8, address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f' }
const ACCOUNT_9 = { index: 9, address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720' }

async function reverseNames(address: string): Promise<string[]> {
  const response = await fetch(`${E2E_URLS.dataApi}/v1/profile/reverse/${address}?projectId=e2e&st=e2e&sv=e2e`)
  return ((await response.json()) as Array<{ name: string }>).map((n) => n.name)
}

/** Connects the Sandbox Wallet with account `index` and opens RegisterAccountName from the Account view. */
async function openRegisterName(page: Page, index: number, theme: 'light' | 'dark' = 'light') {
  await page.goto(`/?sandboxAccount=${index}`)
  if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()
  const account = await connectSandboxWallet(page)
  await account.getByRole('button', { name: /name/ }).click()
  return page.getByRole('dialog', { name: 'Choose your account name' })
}

test.describe('Account names', () => {
  test('a fresh name: checked as it is typed, signed in the wallet, verified by the API; the reverse look-up and both tabs show it', async ({ demo, context }) => {
    const violations = await recordCspViolations(demo)
    const dialog = await openRegisterName(demo, ACCOUNT_9.index)
    const second = await context.newPage()
    await second.goto(`/?sandboxAccount=${ACCOUNT_9.index}`)
    await expect(second.getByRole('button', { name: /0xa0Ee/ }).first()).toBeVisible()

    const label = `e2e-${Date.now().toString(36)}`
    const input = dialog.getByRole('textbox', { name: 'Account name' })
    await input.fill(label)
    await expect(dialog.getByTestId('name-status')).toHaveText(`${label}.reown.id is available`)
    await expect(dialog.getByRole('list', { name: 'Suggestions' }).getByRole('button').first()).toBeVisible()
    expect(await axeViolations(demo), 'axe on RegisterAccountName').toEqual([])
    await demo.screenshot({ path: test.info().outputPath('register-account-name.png') })

    await dialog.getByRole('button', { name: `Register ${label}.reown.id` }).click()
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    await expect(prompt).toContainText(`${label}.reown.id`)
    await prompt.getByRole('button', { name: 'Approve' }).click()

    const success = demo.getByRole('dialog', { name: 'Account name registered' })
    await expect(success.getByTestId('registered-name')).toHaveText(`${label}.reown.id is yours`)
    expect(await axeViolations(demo), 'axe on RegisterAccountNameSuccess').toEqual([])
    await demo.screenshot({ path: test.info().outputPath('register-account-name-success.png') })
    expect(await reverseNames(ACCOUNT_9.address)).toContain(`${label}.reown.id`)

    await success.getByRole('button', { name: 'Back to account' }).click()
    const account = demo.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('account-name')).toHaveText(`${label}.reown.id`)
    await expect(account.getByRole('button', { name: /name/ })).toHaveCount(0)

    // The other tab shows it from the core's pushed identity, without waiting out the 5 min cache.
    await second
      .getByRole('button', { name: /0xa0Ee|reown\.id/ })
      .first()
      .click()
    await expect(second.getByRole('dialog', { name: 'Account' }).getByTestId('account-name')).toHaveText(`${label}.reown.id`)
    expect(await violations()).toEqual([])
  })

  test("'ab' and 'bad_name!' are refused before anything is signed, a taken name says so, and a declined signature keeps what was typed", async ({ demo }) => {
    const dialog = await openRegisterName(demo, ACCOUNT_8.index, 'dark')
    const input = dialog.getByRole('textbox', { name: 'Account name' })
    const prompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    const rule = 'Use letters, digits and hyphens only, at least 4 characters'
    await expect(demo.locator('.portico-root')).toHaveAttribute('data-theme', 'dark')

    for (const bad of ['ab', 'bad_name!']) {
      await input.fill(bad)
      await expect(dialog.getByTestId('name-error')).toHaveText(rule)
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(dialog.getByRole('button', { name: /^Register/ })).toBeDisabled()
      await input.press('Enter')
      await expect(prompt).toHaveCount(0)
    }

    await input.fill('alice')
    await expect(dialog.getByTestId('name-status')).toHaveText('alice.reown.id is already taken')
    await expect(dialog.getByRole('button', { name: /^Register/ })).toBeDisabled()
    expect(await axeViolations(demo), 'axe on RegisterAccountName (dark theme, a taken name)').toEqual([])

    const label = `keep-${Date.now().toString(36)}`
    await input.fill(label)
    await expect(dialog.getByTestId('name-status')).toHaveText(`${label}.reown.id is available`)
    await dialog.getByRole('button', { name: `Register ${label}.reown.id` }).click()
    await prompt.getByRole('button', { name: 'Reject' }).click()
    await expect(demo.getByText('Declined in the wallet. Nothing was sent.')).toBeVisible()
    await expect(input).toHaveValue(label)
    await expect(dialog.getByRole('button', { name: `Register ${label}.reown.id` })).toBeEnabled()
    expect(await reverseNames(ACCOUNT_8.address)).toEqual([])
  })
})
