import type { BrowserContext, Locator, Page } from '@playwright/test'
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, http, type Hex } from 'viem'
import { axeViolations } from '../axe.ts'
import { codeFor, freshEmail, mailbox, shownAddress } from '../embedded.ts'
import { connectSandboxWallet, copyPairingLink, expect, openSecondTab, openTabWhileOffline, recordConsoleErrors, recordCspViolations, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/** The Sandbox Wallet's account (the extension) and the phone wallet's third account. */
const EXTENSION_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const PHONE_ACCOUNT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URLS.demo })
})

/** The Sandbox Phone Wallet in a tab of its own, on its third account. */
async function openPhone(context: BrowserContext, sandbox: Sandbox): Promise<Page> {
  const phone = await context.newPage()
  await phone.goto(`${sandbox.phoneWallet.url}/`)
  await expect(phone.getByRole('heading', { name: 'Sandbox Phone Wallet' })).toBeVisible()
  await phone.getByLabel('Account', { exact: true }).selectOption('2')
  return phone
}

/** From Account, Add wallet: Connect opens over it, the wallet in use stays connected. */
async function addWallet(page: Page): Promise<Locator> {
  await page.getByRole('dialog', { name: 'Account' }).getByTestId('add-wallet').click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(connect).toBeVisible()
  return connect
}

/** Adds the phone wallet: WalletConnect, its link pasted into the phone, approved there. */
async function addPhoneWallet(page: Page, phone: Page) {
  const connect = await addWallet(page)
  await connect.getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const uri = await copyPairingLink(page)
  await phone.getByLabel('WalletConnect link').fill(uri)
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()
  const prompt = phone.getByRole('dialog', { name: 'Connect to Portico demo?' })
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
}

/** Adds an email wallet: the address typed on Connect, the mailed code typed. Answers its account. */
async function addEmailWallet(page: Page, sandbox: Sandbox, email: string): Promise<`0x${string}`> {
  const before = (await mailbox(sandbox, email)).length
  const connect = await addWallet(page)
  const field = connect.getByRole('textbox', { name: /Email/ })
  await field.fill(email)
  await field.press('Enter')
  const code = await codeFor(sandbox, email, before)
  await page.getByRole('dialog', { name: 'Email' }).getByRole('textbox', { name: 'Code' }).fill(code)
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)
  return shownAddress(page)
}

/** Opens the Wallets view from Account. */
async function openWallets(page: Page): Promise<Locator> {
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByTestId('wallets-count').click()
  const wallets = page.getByTestId('wallets-view')
  await expect(wallets).toBeVisible()
  return wallets
}

const row = (wallets: Locator, name: RegExp) => wallets.getByTestId('wallet-row').filter({ hasText: name })
/** The row of the wallet in use (its id: the connector and the namespace). */
const inUse = (wallets: Locator) => wallets.locator('[data-testid="wallet-row"][data-active="true"]')

test('three wallets at once: add, switch in one tab and every tab and the provider follow, send from one, reload offline, the phone ends its own', async ({ demo, context, sandbox }) => {
  test.setTimeout(180_000)
  const errors = recordConsoleErrors(demo)
  // Under the README's strict Content-Security-Policy, from the first script on.
  const violations = await recordCspViolations(demo)
  await demo.reload()
  const phone = await openPhone(context, sandbox)

  // The extension first, then the phone wallet and an email wallet added beside it.
  await connectSandboxWallet(demo)
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${EXTENSION_ACCOUNT} on Portico Local`)
  await addPhoneWallet(demo, phone)
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${PHONE_ACCOUNT} on Portico Local`)
  const email = freshEmail('wallets')
  const emailAccount = await addEmailWallet(demo, sandbox, email)
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${emailAccount} on Portico Local`)

  // The Wallets view lists the three, the email wallet in use; the account button counts them.
  let wallets = await openWallets(demo)
  await expect(wallets.getByTestId('wallet-row')).toHaveCount(3)
  await expect(inUse(wallets)).toHaveAttribute('data-wallet-id', 'auth|eip155')
  await expect(row(wallets, /Sandbox Wallet/)).toContainText(short(EXTENSION_ACCOUNT))
  // Each named by its wallet: the phone wallet by the name its session gave, its account by name or address.
  await expect(row(wallets, /Sandbox Phone Wallet/)).toHaveAttribute('data-wallet-id', 'walletConnect|eip155')
  // Each wallet's balance, read for the ones not in use too.
  await expect(row(wallets, /Sandbox Wallet/)).toContainText(/ETH/)
  // axe-clean in both themes (the modal follows the browser's scheme), the view and Account's new buttons.
  for (const colorScheme of ['light', 'dark'] as const) {
    await demo.emulateMedia({ colorScheme })
    await expect(demo.locator('.portico-root')).toHaveAttribute('data-theme', colorScheme)
    expect(await axeViolations(demo, '.portico-root'), `axe on Wallets (${colorScheme})`).toEqual([])
    await demo.getByRole('dialog', { name: 'Wallets' }).screenshot({ path: test.info().outputPath(`wallets-${colorScheme}.png`) })
    await demo.getByRole('button', { name: 'Back' }).click()
    await expect(demo.getByRole('dialog', { name: 'Account' }).getByTestId('wallets-count')).toBeVisible()
    expect(await axeViolations(demo, '.portico-root'), `axe on Account with three wallets (${colorScheme})`).toEqual([])
    wallets = await openWallets(demo)
  }
  await demo.emulateMedia({ colorScheme: 'light' })

  // A second tab, then the switch in the first: both tabs and the dapp's one provider follow.
  const second = await openSecondTab(context)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${emailAccount} on Portico Local`)
  await expect(demo.getByTestId('provider-account')).toHaveText(`Provider account: ${emailAccount}`)
  await row(wallets, /Sandbox Phone Wallet/)
    .getByTestId('wallet-switch')
    .click()
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${PHONE_ACCOUNT} on Portico Local`)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${PHONE_ACCOUNT} on Portico Local`)
  await expect(demo.getByTestId('provider-account')).toHaveText(`Provider account: ${PHONE_ACCOUNT}`)
  await expect(second.getByTestId('provider-account')).toHaveText(`Provider account: ${PHONE_ACCOUNT}`)
  await expect(inUse(wallets)).toHaveAttribute('data-wallet-id', 'walletConnect|eip155')

  // Send from the phone wallet through the dapp's provider: it reaches the phone; the extension's account is untouched.
  const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
  const extensionNonce = await chain.getTransactionCount({ address: EXTENSION_ACCOUNT })
  await demo.keyboard.press('Escape')
  await demo.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  const prompt = phone.getByRole('dialog', { name: /transaction|Send/i })
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.getByTestId('send-result')).toHaveText(/^Sent: 0x[0-9a-f]{64}$/)
  const hash = (await demo.getByTestId('send-result').textContent())!.slice('Sent: '.length) as Hex
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.from.toLowerCase()).toBe(PHONE_ACCOUNT.toLowerCase())
  expect(await chain.getTransactionCount({ address: EXTENSION_ACCOUNT })).toBe(extensionNonce)

  // The dapp's own list (useConnections) switches too, and the modal of the other tab follows.
  await demo.getByTestId('dapp-connections').getByRole('button', { name: 'Use Sandbox Wallet' }).click()
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${EXTENSION_ACCOUNT} on Portico Local`)
  await expect(second.getByTestId('provider-account')).toHaveText(`Provider account: ${EXTENSION_ACCOUNT}`)

  // Offline, a new tab: the list and the wallet in use come back from IndexedDB.
  await context.setOffline(true)
  const offline = await openTabWhileOffline(context)
  await expect(offline.page.getByTestId('dapp-status')).toHaveText(`Connected ${EXTENSION_ACCOUNT} on Portico Local`)
  await offline.page
    .getByRole('button', { name: short(EXTENSION_ACCOUNT) })
    .first()
    .click()
  wallets = await openWallets(offline.page)
  await expect(wallets.getByTestId('wallet-row')).toHaveCount(3)
  await expect(inUse(wallets)).toHaveAttribute('data-wallet-id', 'dev.portico.sandbox-wallet|eip155')
  await offline.backOnline()
  await offline.page.close()

  // The phone ends its session: it leaves the list in every tab, with a notice; the wallet in use stays.
  await second
    .getByRole('button', { name: short(EXTENSION_ACCOUNT) })
    .first()
    .click()
  const secondWallets = await openWallets(second)
  await expect(secondWallets.getByTestId('wallet-row')).toHaveCount(3)
  await phone.getByRole('button', { name: 'Disconnect Portico demo' }).click()
  await expect(secondWallets.getByTestId('wallet-row')).toHaveCount(2)
  await expect(second.getByRole('dialog').getByRole('status').filter({ hasText: 'Sandbox Phone Wallet disconnected' })).toBeVisible()
  await expect(demo.getByTestId('dapp-connections').getByRole('listitem')).toHaveCount(2)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${EXTENSION_ACCOUNT} on Portico Local`)

  // One wallet disconnected from the Wallets view: the others stay.
  await demo
    .getByRole('button', { name: short(EXTENSION_ACCOUNT) })
    .first()
    .click()
  wallets = await openWallets(demo)
  await row(wallets, /Email|@/)
    .getByTestId('wallet-disconnect')
    .click()
  await expect(demo.getByTestId('dapp-connections')).toBeHidden()
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${EXTENSION_ACCOUNT} on Portico Local`)
  expect(errors()).toEqual([])
  expect(await violations()).toEqual([])
})

test('multiWallet off: Account offers neither Add wallet nor Wallets', async ({ page }) => {
  await page.goto('/?multiWallet=0')
  const account = await connectSandboxWallet(page)
  await expect(account).toBeVisible()
  await expect(account.getByTestId('add-wallet')).toHaveCount(0)
  await expect(account.getByTestId('wallets-count')).toHaveCount(0)
})
