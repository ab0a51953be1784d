import type { Page } from '@playwright/test'
import { createPublicClient, formatEther, http } from 'viem'
import { axeViolations } from '../axe.ts'
import { connectSandboxWallet, expect, recordCspViolations, test, walletRequest } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT = '0xf39F…2266'
/** Where `npm run screenshots` (PORTICO_SCREENSHOTS) has the axe walk keep a picture of each view. */
const SCREENSHOTS = process.env['PORTICO_SCREENSHOTS']
const twoDecimals = (v: string) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v))

/**
 * Walks every view a visitor can reach in the demo (Connect, All Wallets and a search, the
 * WalletConnect QR code, ConnectingExternal pending and declined, Account with its three tabs,
 * Send (form, token picker, a field's error, review), Receive, Networks, a notification,
 * UnsupportedChain, ApproveTransaction) and runs `check` on each.
 */
async function tourEveryView(page: Page, check: (dialogName: string) => Promise<void>) {
  const walletPrompt = page.getByRole('dialog', { name: 'Sandbox Wallet request' })
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(connect.getByTestId('all-wallets-count')).toBeVisible()
  await check('Connect Wallet')

  await connect.getByRole('button', { name: /^All Wallets/ }).click()
  const all = page.getByRole('dialog', { name: 'All Wallets' })
  await expect(all.getByRole('list', { name: 'All Wallets' }).getByRole('button').first()).toBeVisible()
  await check('All Wallets')
  await all.getByRole('searchbox').fill('sandbox')
  await expect(all.getByRole('button', { name: 'Sandbox Wallet' })).toBeVisible()
  await all.getByRole('searchbox').fill('zz-no-such-wallet')
  await expect(all.getByText(/No wallet matches/)).toBeVisible()
  await check('All Wallets')
  await page.getByRole('button', { name: 'Back' }).click()

  await connect.getByRole('button', { name: 'WalletConnect' }).click()
  await expect(page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
  await check('WalletConnect')
  await page.getByRole('button', { name: 'Back' }).click()

  // Declined, then pending and approved.
  await connect.getByRole('button', { name: 'Sandbox Wallet' }).click()
  await walletPrompt.getByRole('button', { name: 'Reject' }).click()
  const connecting = page.getByRole('dialog', { name: 'Sandbox Wallet', exact: true })
  await expect(connecting.getByRole('button', { name: 'Try again' })).toBeVisible()
  await check('Sandbox Wallet')
  await connecting.getByRole('button', { name: 'Try again' }).click()
  await expect(walletPrompt).toBeVisible()
  await check('Sandbox Wallet')
  await walletPrompt.getByRole('button', { name: 'Approve' }).click()

  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await check('Account')
  // The Tokens panel is showing before the click: wait for the NFTs tab to be the selected one and
  // for the panel it labels.
  await expect(account.getByRole('tabpanel', { name: 'NFTs' })).toHaveCount(0)
  await account.getByRole('tab', { name: 'NFTs' }).click()
  await expect(account.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')
  await expect(account.getByRole('tabpanel', { name: 'NFTs' })).toBeVisible()
  await check('Account')
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.locator('.portico-activity li').first()).toBeVisible()
  await check('Account')

  // Send: the form, the token picker, a field's error, the review; then Receive.
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByTestId('send-fee')).toContainText('ETH')
  await check('Send')
  await send.getByRole('button', { name: /Choose token/ }).click()
  await expect(send.getByRole('list', { name: 'Token' })).toBeVisible()
  await check('Send')
  await send.getByRole('list', { name: 'Token' }).getByRole('button').first().click()
  await send.getByRole('textbox', { name: /Amount/ }).fill('0.01')
  await send.getByRole('textbox', { name: /Recipient/ }).fill('0x1234')
  await send.getByRole('button', { name: 'Review' }).click()
  await expect(send.getByRole('alert')).toContainText('Enter a valid address')
  await check('Send')
  await send.getByRole('textbox', { name: /Recipient/ }).fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await send.getByRole('button', { name: 'Review' }).click()
  await expect(send.getByTestId('review-amount')).toHaveText('0.01 ETH')
  // The review's simulated Balance changes are in what axe reads.
  await expect(send.getByTestId('preview-change')).toHaveText([/^−0\.01 ETH/], { timeout: 15_000 })
  await check('Send')
  await page.getByRole('button', { name: 'Back' }).click()
  await account.getByRole('button', { name: 'Receive', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Receive' }).getByRole('img', { name: /QR code/ })).toBeVisible()
  await check('Receive')
  await page.getByRole('button', { name: 'Back' }).click()
  await account.getByRole('button', { name: 'Swap', exact: true }).click()
  const swapView = page.getByRole('dialog', { name: 'Swap' })
  await swapView.getByRole('textbox', { name: /Amount to pay/ }).fill('0.1')
  await expect(swapView.getByTestId('swap-details')).toContainText('Minimum received')
  await check('Swap')
  await page.getByRole('button', { name: 'Back' }).click()

  // Buy: an amount outside the card's limits, then the quote.
  await account.getByRole('button', { name: 'Buy', exact: true }).click()
  const buy = page.getByRole('dialog', { name: 'Buy' })
  await expect(buy.getByRole('button', { name: 'Continue' })).toBeEnabled()
  await buy.getByRole('textbox', { name: 'Amount (USD)' }).fill('5')
  await expect(buy.getByRole('alert')).toContainText('7,500.00 USD')
  await check('Buy')
  await buy.getByRole('textbox', { name: 'Amount (USD)' }).fill('50')
  await expect(buy.getByTestId('buy-receive')).toContainText('ETH')
  await check('Buy')
  await page.getByRole('button', { name: 'Back' }).click()

  await account.getByTestId('account-network-button').click()
  const networks = page.getByRole('dialog', { name: 'Choose network' })
  await check('Choose network')
  await networks.getByRole('button', { name: /Portico Local B/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Switched to Portico Local B' })).toBeVisible()
  await check('Account')

  // A wallet on a chain the dapp does not list.
  await page.keyboard.press('Escape')
  const adding = walletRequest(page, 'wallet_addEthereumChain', [
    { chainId: '0x7a6b', chainName: 'Elsewhere', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: [E2E_URLS.chainA] },
  ])
  await walletPrompt.getByRole('button', { name: 'Approve' }).click()
  await adding
  const unsupported = page.getByRole('dialog', { name: 'Switch Network' })
  await expect(unsupported).toContainText('doesn’t support your current network')
  await check('Switch Network')
  await unsupported.getByRole('button', { name: /^Portico Local(?! B)/ }).click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local')
  await page.keyboard.press('Escape')

  // A dapp's signing request shows the approval view while the wallet asks.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByRole('dialog', { name: 'Sign Message' })).toContainText('Approve the request in Sandbox Wallet')
  await check('Sign Message')
  await walletPrompt.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
}

test('every view renders under the strict Content-Security-Policy with no violation', async ({ page, sandbox: _ }) => {
  const violations = await recordCspViolations(page)
  const response = await page.goto('/')
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
  const seen: string[] = []
  await tourEveryView(page, async (name) => void seen.push(name))
  expect(seen.length).toBeGreaterThan(12)
  expect(await violations()).toEqual([])
})

for (const theme of ['light', 'dark'] as const) {
  test(`every view passes axe-core with 0 violations (${theme} theme)`, async ({ demo }) => {
    if (theme === 'dark') {
      await demo.getByRole('button', { name: 'Dark theme' }).click()
      await expect(demo.getByRole('button', { name: 'Light theme' })).toBeVisible()
    }
    let scanned = 0
    await tourEveryView(demo, async (name) => {
      const dialog = demo.getByRole('dialog', { name, exact: true })
      await expect(dialog).toBeVisible()
      await expect(demo.locator('.portico-root')).toHaveAttribute('data-theme', theme)
      expect(await axeViolations(demo), `axe on ${name} (${theme})`).toEqual([])
      scanned++
      // `npm run screenshots`: each view as the walk shows it, for docs/views.md.
      if (SCREENSHOTS) await dialog.screenshot({ path: `${SCREENSHOTS}/${String(scanned).padStart(2, '0')}-${name.replace(/[^A-Za-z0-9]+/g, '-')}-${theme}.png` })
    })
    expect(scanned).toBeGreaterThan(12)
  })
}

test('a visitor connects with the keyboard alone, and focus returns to the button', async ({ demo }) => {
  const connect = demo.getByRole('button', { name: 'Connect Wallet' })
  for (let i = 0; i < 5 && !(await connect.evaluate((el) => el === document.activeElement)); i++) await demo.keyboard.press('Tab')
  await expect(connect).toBeFocused()
  await demo.keyboard.press('Enter')
  const dialog = demo.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  const wallet = dialog.getByRole('button', { name: 'Sandbox Wallet' })
  // Email and the social buttons come first (SPEC.md §1 order), then the wallets.
  for (let i = 0; i < 14 && !(await wallet.evaluate((el) => el === document.activeElement)); i++) await demo.keyboard.press('Tab')
  await expect(wallet).toBeFocused()
  await demo.keyboard.press('Enter')
  const approve = demo.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' })
  await expect(approve).toBeFocused()
  await demo.keyboard.press('Enter')
  await expect(demo.getByRole('dialog', { name: 'Account' })).toBeVisible()
  // The focus stays inside the dialog however far the visitor tabs.
  for (let i = 0; i < 15; i++) {
    await demo.keyboard.press('Tab')
    expect(await demo.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true)
  }
  await demo.keyboard.press('Escape')
  await expect(demo.getByRole('dialog')).toHaveCount(0)
  await expect(demo.getByRole('button', { name: SHORT })).toBeFocused()
})

test('switching network goes through the wallet and shows the other chain', async ({ demo, sandbox }) => {
  const account = await connectSandboxWallet(demo)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await account.getByTestId('account-network-button').click()
  await demo
    .getByRole('dialog', { name: 'Choose network' })
    .getByRole('button', { name: /Portico Local B/ })
    .click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local B')
  const chainB = createPublicClient({ transport: http(sandbox.chains[1]!.rpcUrl) })
  const onChain = formatEther(await chainB.getBalance({ address: WALLET }))
  await expect(account.getByTestId('account-balance')).toHaveText(`${twoDecimals(onChain)} BEE`)
  await expect(demo.getByRole('status').filter({ hasText: 'Switched to Portico Local B' })).toBeVisible()
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${WALLET} on Portico Local B`)
  expect(await walletRequest(demo, 'eth_chainId')).toBe('0x7a6a')

  // While the toast shows, it covers nothing: the last button of the view, reached by the keyboard (focus brings it into
  // view) or scrolled to, is what the pointer meets at its centre, so it is clicked at once, not 4 s later.
  const disconnect = account.getByRole('button', { name: /Disconnect/ })
  await disconnect.focus()
  await expect(disconnect).toBeFocused()
  const hit = await disconnect.evaluate((button) => {
    const box = button.getBoundingClientRect()
    const under = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return { ownCentre: under === button || button.contains(under), toast: document.querySelector('.portico-toast') !== null }
  })
  expect(hit).toEqual({ ownCentre: true, toast: true })
  await disconnect.click()
  await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
})

test('a wallet on a network the dapp does not list opens UnsupportedChain, and switching back closes it', async ({ demo }) => {
  const account = await connectSandboxWallet(demo)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await demo.keyboard.press('Escape')
  const adding = walletRequest(demo, 'wallet_addEthereumChain', [
    { chainId: '0x7a6b', chainName: 'Elsewhere', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: [E2E_URLS.chainA] },
  ])
  await demo.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await adding
  const unsupported = demo.getByRole('dialog', { name: 'Switch Network' })
  await expect(unsupported).toContainText('doesn’t support your current network')
  await unsupported.getByRole('button', { name: /^Portico Local(?! B)/ }).click()
  await expect(demo.getByRole('dialog', { name: 'Account' }).getByTestId('account-network')).toHaveText('Portico Local')
})
