import { createPublicClient, formatEther, http } from 'viem'
import { axeViolations } from '../axe.ts'
import { connectSandboxWallet, expect, recordCspViolations, test, walletRequest } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT = '0xf39F…2266'
const twoDecimals = (v: string) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v))

test('every view renders under the strict Content-Security-Policy with no violation', async ({ page, sandbox }) => {
  sandbox.dataApi.clearRequests()
  const violations = await recordCspViolations(page)
  const response = await page.goto('/')
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await account.getByTestId('account-network-button').click()
  await expect(page.getByRole('dialog', { name: 'Choose network' })).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await account.getByRole('button', { name: /Disconnect/ }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await connect.getByRole('button', { name: 'WalletConnect' }).click()
  await expect(page.getByRole('dialog', { name: 'WalletConnect' })).toContainText('coming soon')
  expect(await violations()).toEqual([])
})

test('every view passes axe-core with 0 violations, in light and dark', async ({ demo }) => {
  const scan = async (name: string) => {
    const dialog = demo.getByRole('dialog', { name, exact: true })
    await expect(dialog).toBeVisible()
    await demo.waitForTimeout(200) // let the entry animation settle for colour-contrast checks
    expect(await axeViolations(demo), `axe on ${name}`).toEqual([])
  }
  await demo.getByRole('button', { name: 'Connect Wallet' }).click()
  await scan('Connect Wallet')
  await demo.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect' }).click()
  await scan('WalletConnect')
  await demo.getByRole('button', { name: 'Back' }).click()
  await demo.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  await scan('Sandbox Wallet')
  await demo.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(demo.getByTestId('account-balance')).toContainText('ETH')
  await scan('Account')
  await demo.getByTestId('account-network-button').click()
  await scan('Choose network')
  await demo.keyboard.press('Escape')
  await demo.getByRole('button', { name: 'Dark theme' }).click()
  await demo.getByRole('button', { name: SHORT }).click()
  await expect(demo.locator('.portico-root')).toHaveAttribute('data-theme', 'dark')
  await scan('Account')
})

test('a visitor connects with the keyboard alone, and focus returns to the button', async ({ demo }) => {
  const connect = demo.getByRole('button', { name: 'Connect Wallet' })
  for (let i = 0; i < 5 && !(await connect.evaluate((el) => el === document.activeElement)); i++) await demo.keyboard.press('Tab')
  await expect(connect).toBeFocused()
  await demo.keyboard.press('Enter')
  const dialog = demo.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  const wallet = dialog.getByRole('button', { name: 'Sandbox Wallet' })
  for (let i = 0; i < 6 && !(await wallet.evaluate((el) => el === document.activeElement)); i++) await demo.keyboard.press('Tab')
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
  await demo.getByRole('dialog', { name: 'Choose network' }).getByRole('button', { name: /Portico Local B/ }).click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local B')
  const chainB = createPublicClient({ transport: http(sandbox.chains[1]!.rpcUrl) })
  const onChain = formatEther(await chainB.getBalance({ address: WALLET }))
  await expect(account.getByTestId('account-balance')).toHaveText(`${twoDecimals(onChain)} BEE`)
  await expect(demo.getByRole('status').filter({ hasText: 'Switched to Portico Local B' })).toBeVisible()
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${WALLET} on Portico Local B`)
  expect(await walletRequest(demo, 'eth_chainId')).toBe('0x7a6a')
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
