import { connectSandboxWallet, expect, test } from '../fixtures.ts'

test('Tokens lists the native token first, with its USD value and 24 h change, for an account holding only its ETH', async ({ page, sandbox: _ }) => {
  // Account 6 of the test mnemonic: the native coin only, untouched by the sandbox's seed.
  await page.goto('/?sandboxAccount=6')
  const account = await connectSandboxWallet(page)
  const tokens = account.getByRole('tabpanel')
  const rows = tokens.getByTestId('account-token')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toHaveAttribute('data-native', 'true')
  await expect(rows.first().locator('.portico-token-name')).toHaveText('Ether')
  await expect(rows.first().locator('.portico-token-quantity')).toHaveText(/^[\d,.]+ ETH$/)
  // The sandbox's price feed: ETH at 3,000 USD, +2.5 % over 24 h.
  await expect(rows.first().locator('.portico-token-value')).toHaveText(/^\$[\d,]+\.\d{2}\+2\.50%$/)
  await expect(tokens.getByText('No tokens yet')).toHaveCount(0)
})

test('Tokens lists the native token before the ERC-20s the account holds', async ({ page, sandbox: _ }) => {
  await page.goto('/')
  const account = await connectSandboxWallet(page)
  const rows = account.getByRole('tabpanel').getByTestId('account-token')
  await expect(rows.nth(1)).toBeVisible()
  expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-native')))).toEqual(['true', ...Array<null>((await rows.count()) - 1).fill(null)])
  await expect(rows.first().locator('.portico-token-quantity')).toHaveText(/ ETH$/)
})
