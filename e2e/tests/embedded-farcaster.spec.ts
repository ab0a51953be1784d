import { expect, test } from '../fixtures.ts'
import { shownAddress } from '../embedded.ts'

test('Farcaster logs in through the QR code / link and the sandbox Farcaster wallet', async ({ demo: page, context }) => {
  test.setTimeout(90_000)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const socials = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('list', { name: 'Social login' })
  await socials.getByRole('button', { name: 'More' }).click()
  await socials.getByRole('button', { name: 'Farcaster', exact: true }).click()
  const view = page.getByRole('dialog', { name: 'Farcaster' })
  const link = view.getByRole('link', { name: 'Open in Farcaster' })
  await expect(link).toBeVisible({ timeout: 20_000 })
  const url = (await link.getAttribute('href'))!
  // The QR code carries the same sign-in link.
  await expect(view.getByRole('img', { name: 'QR code of the Farcaster sign-in link' })).toHaveAttribute('data-qr-value', url)

  const wallet = await context.newPage()
  await wallet.goto(url)
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(wallet.getByRole('status')).toContainText('Signed in as @alice')
  await wallet.close()

  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-embedded-user')).toHaveText('Signed in as alice', { timeout: 30_000 })
  const address = await shownAddress(page)
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
})
