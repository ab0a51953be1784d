import { connectSandboxWallet, expect, test } from '../fixtures.ts'

test('Tokens lists the native token first, with its USD value and 24 h change, for an account holding only its ETH', async ({ page, sandbox: _ }) => {
  // Account 7 of the test mnemonic: funded with the native coin, holding none of the sandbox's ERC-20s.
  await page.goto('/?sandboxAccount=7')
  const account = await connectSandboxWallet(page)
  const tokens = account.getByRole('tabpanel')
  const rows = tokens.getByTestId('account-token')
  await expect(rows.first()).toBeVisible()
  await expect(rows.first()).toHaveAttribute('data-native', 'true')
  await expect(rows.first().locator('.portico-token-name')).toHaveText('Ether')
  await expect(rows.first().locator('.portico-token-quantity')).toHaveText(/^[\d,.]+ ETH$/)
  // The sandbox's price feed: ETH at 3,000 USD, +2.5 % over 24 h.
  await expect(rows.first().locator('.portico-token-value')).toHaveText(/^\$[\d,]+\.\d{2}\+2\.50%$/)
  await expect(tokens.getByText('No tokens yet')).toHaveCount(0)
})
