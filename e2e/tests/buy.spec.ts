import type { Page } from '@playwright/test'
import { createPublicClient, formatEther, http, parseEther, type Address } from 'viem'
import { connectSandboxWallet, expect, openSecondTab, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
const twoDecimals = (v: string) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v))

/** Opens Buy from the Account view's tile. */
async function openBuy(page: Page) {
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: 'Buy', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Buy' })
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled()
  return dialog
}

test.describe('Buy', () => {
  test('50 USD of ETH by card: the provider page opens, its checkout credits the wallet on chain, and every tab shows the delivery and the balance', async ({ demo, sandbox, context }) => {
    await connectSandboxWallet(demo)
    const second = await openSecondTab(context)
    const dialog = await openBuy(demo)
    await expect(dialog.getByRole('group', { name: 'Provider' }).getByRole('radio')).toHaveCount(2)
    await expect(dialog.getByRole('group', { name: 'Provider' })).toContainText('Fees 1-2%')
    await expect(dialog.getByRole('combobox', { name: 'Token to buy' })).toHaveValue('eth')
    await expect(dialog.getByRole('combobox', { name: 'Network' })).toHaveValue('portico-local')
    await expect(dialog.getByTestId('buy-limits')).toHaveText('Card: 10.00 to 7,500.00 USD')
    await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('50')
    const quote = dialog.getByTestId('buy-quote')
    await expect(quote.getByTestId('buy-receive')).toHaveText(/^0\.0\d+ ETH$/)
    await expect(quote.getByTestId('buy-total')).toHaveText('50.00 USD')
    await expect(quote).not.toHaveAttribute('data-estimate', 'true')

    const before = await chain.getBalance({ address: ACCOUNT_0 })
    const popupOpened = demo.waitForEvent('popup')
    await dialog.getByRole('button', { name: 'Continue' }).click()
    const provider = await popupOpened
    await provider.waitForURL(/\/onramp\/checkout\//)
    await expect(dialog.getByTestId('buy-pending')).toContainText('Waiting for the ETH to arrive')

    await expect(provider.getByRole('spinbutton', { name: /Amount/ })).toHaveValue('50.00')
    await provider.getByRole('combobox', { name: 'Payment method' }).selectOption('card')
    await provider.getByRole('button', { name: 'Confirm' }).click()
    await expect(provider.getByRole('status')).toContainText('Payment complete', { timeout: 20_000 })

    const [order] = sandbox.onramp.orders().filter((o) => o.status === 'completed')
    const credited = parseEther(order!.price!.crypto)
    await expect.poll(async () => (await chain.getBalance({ address: ACCOUNT_0 })) - before, { timeout: 15_000 }).toBe(credited)
    const after = formatEther(await chain.getBalance({ address: ACCOUNT_0 }))

    await expect(dialog.getByTestId('buy-delivered')).toContainText(`arrived in your wallet`, { timeout: 15_000 })
    await expect(dialog.getByTestId('onramp-delivery').first()).toContainText(`+${Number(order!.price!.crypto).toLocaleString('en-US', { maximumFractionDigits: 3 })} ETH`)
    await dialog.getByRole('button', { name: 'Back to account' }).click()
    await expect(demo.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toHaveText(`${twoDecimals(after)} ETH`)

    // The other tab follows: its balance, and the delivery in its Buy view.
    await second
      .getByRole('button', { name: /0xf39F/ })
      .first()
      .click()
    const account2 = second.getByRole('dialog', { name: 'Account' })
    await expect(account2.getByTestId('account-balance')).toHaveText(`${twoDecimals(after)} ETH`)
    const buy2 = await openBuy(second)
    await expect(buy2.getByTestId('onramp-delivery').first()).toContainText('ETH')
  })

  test('with the onramp calls failing, the sample quote shows, marked as an estimate', async ({ demo, sandbox }) => {
    sandbox.faults.set([{ route: '/v1/onramp', kind: '500' }])
    try {
      await connectSandboxWallet(demo)
      const dialog = await openBuy(demo)
      await expect(dialog.getByText(/showing sample limits and networks/)).toBeVisible()
      await expect(dialog.getByRole('combobox', { name: 'Network' })).toHaveValue('ethereum')
      await dialog.getByRole('textbox', { name: 'Amount (USD)' }).fill('50')
      const quote = dialog.getByTestId('buy-quote')
      await expect(quote).toHaveAttribute('data-estimate', 'true')
      await expect(quote.getByTestId('buy-estimate')).toContainText('Estimate')
      await expect(quote.getByTestId('buy-estimate')).toContainText('sample figures')
      await expect(quote.getByTestId('buy-total')).toHaveText('50.00 USD')
      await expect(quote.getByTestId('buy-quote-id')).toHaveText('sample-quote')
      expect(sandbox.faults.list().reduce((n, rule) => n + rule.injected, 0)).toBeGreaterThan(1)
    } finally {
      sandbox.faults.clear()
    }
  })

  test('5 USD and 8000 USD by card are refused with the limits shown, and no provider page opens', async ({ demo, context }) => {
    await connectSandboxWallet(demo)
    const dialog = await openBuy(demo)
    const amount = dialog.getByRole('textbox', { name: 'Amount (USD)' })
    let popups = 0
    context.on('page', () => popups++)
    for (const value of ['5', '8000']) {
      await amount.fill(value)
      await expect(dialog.getByRole('alert')).toHaveText('By Card, enter between 10.00 and 7,500.00 USD')
      await expect(amount).toHaveAttribute('aria-invalid', 'true')
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await expect(dialog.getByTestId('buy-quote')).toHaveCount(0)
    }
    await expect(dialog.getByTestId('buy-limits')).toHaveText('Card: 10.00 to 7,500.00 USD')
    expect(popups).toBe(0)
    // The keyboard path: the card's lower limit is accepted, and Enter in the amount opens the provider.
    await amount.fill('10')
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await expect(amount).not.toHaveAttribute('aria-invalid', 'true')
    const popupOpened = demo.waitForEvent('popup')
    await amount.press('Enter')
    const provider = await popupOpened
    await provider.waitForURL(/\/onramp\/checkout\//)
    await expect(provider.getByRole('spinbutton', { name: /Amount/ })).toHaveValue('10.00')
    await expect(dialog.getByTestId('buy-pending')).toBeVisible()
  })
})

test.describe('Buy in a restricted timezone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('with the browser in Asia/Shanghai, Buy is not offered', async ({ demo }) => {
    expect(await demo.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Shanghai')
    const account = await connectSandboxWallet(demo)
    await expect(account.getByRole('button', { name: 'Send', exact: true })).toBeVisible()
    await expect(account.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0)
  })
})
