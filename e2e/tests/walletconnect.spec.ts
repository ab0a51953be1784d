import type { BrowserContext, Page } from '@playwright/test'
import type { Sandbox } from '@portico/sandbox'
import { SiweMessage } from 'siwe'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { closeAllTabs, copyPairingLink, expect, openSecondTab, recordConsoleErrors, test, withoutSharedWorker } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TIP_RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The relay sockets the dapp's origin holds open (the phone wallet's are on its own origin). */
function dappSockets(sandbox: Sandbox): number {
  return sandbox.relay.connections().filter((c) => c.origin === E2E_URLS.demo).length
}

/** Opens the Sandbox Phone Wallet page in a tab of its own. */
async function openPhone(context: BrowserContext, sandbox: Sandbox, query = ''): Promise<Page> {
  const phone = await context.newPage()
  await phone.goto(`${sandbox.phoneWallet.url}/${query}`)
  await expect(phone.getByRole('heading', { name: 'Sandbox Phone Wallet' })).toBeVisible()
  return phone
}

/** Approves the phone wallet's prompt whose title matches. */
async function approveOnPhone(phone: Page, title: RegExp) {
  const prompt = phone.getByRole('dialog', { name: title })
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(prompt).toBeHidden()
}

/**
 * Connects the demo the way a visitor with a phone does: Connect Wallet, WalletConnect, Copy link, paste
 * it into the phone wallet, approve there. Answers the figures (ms): click → QR visible, approve → Account.
 */
async function connectByWalletConnect(demo: Page, phone: Page) {
  await demo.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = demo.getByRole('dialog', { name: 'Connect Wallet' })
  const row = connect.getByRole('button', { name: 'WalletConnect', exact: true })
  await row.hover()
  const clicked = Date.now()
  await row.click()
  const dialog = demo.getByRole('dialog', { name: 'WalletConnect' })
  const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' })
  await expect(qr).toBeVisible()
  const qrMs = Date.now() - clicked
  const uri = await copyPairingLink(demo)

  await phone.getByLabel('WalletConnect link').fill(uri)
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()
  const prompt = phone.getByRole('dialog', { name: 'Connect to Portico demo?' })
  await expect(prompt).toBeVisible()
  const approved = Date.now()
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(demo.getByRole('dialog', { name: 'Account' })).toBeVisible()
  const accountMs = Date.now() - approved
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  return { qrMs, accountMs }
}

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URLS.demo })
})

test('a phone wallet connects by QR link through the relay: every tab is connected, personal_sign and 0.01 ETH round-trip, the wallet ends it', async ({ demo, context, sandbox }) => {
  const errors = recordConsoleErrors(demo)
  const phone = await openPhone(context, sandbox)
  const figures = await connectByWalletConnect(demo, phone)
  await demo.keyboard.press('Escape')
  await expect(demo.getByRole('dialog', { name: 'Account' })).toBeHidden()
  const second = await openSecondTab(context)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)

  // personal_sign through useProvider(), approved on the phone.
  await demo.getByRole('button', { name: 'Sign a message' }).click()
  await approveOnPhone(phone, /Sign a message/)
  await expect(demo.getByTestId('sign-result')).toHaveText(/^Signed: 0x[0-9a-f]{16}/)

  // 0.01 ETH through useProvider(): checked on chain.
  const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
  const before = await chain.getBalance({ address: TIP_RECEIVER })
  await demo.getByRole('button', { name: 'Send 0.01 ETH' }).click()
  await approveOnPhone(phone, /transaction|Send/i)
  await expect(demo.getByTestId('send-result')).toHaveText(/^Sent: 0x[0-9a-f]{64}$/)
  const hash = (await demo.getByTestId('send-result').textContent())!.slice('Sent: '.length) as Hex
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect((await chain.getBalance({ address: TIP_RECEIVER })) - before).toBe(parseEther('0.01'))

  // Three tabs, one relay socket (the core's, in the SharedWorker).
  const third = await openSecondTab(context)
  await expect(third.getByTestId('dapp-status')).toHaveText(/^Connected/)
  expect(dappSockets(sandbox)).toBe(1)

  // The wallet ends the session: every dapp tab shows disconnected within 1 s.
  await phone.getByRole('button', { name: 'Disconnect Portico demo' }).click()
  for (const tab of [demo, second, third]) await expect(tab.getByTestId('dapp-status')).toHaveText('Not connected', { timeout: 1000 })
  expect(errors()).toEqual([])
  console.info(`WalletConnect figures: click → QR visible ${figures.qrMs} ms; approve → Account ${figures.accountMs} ms; relay sockets for 3 tabs: 1`)
})

test('a reload keeps the WalletConnect session, a new worker restores it, and the dapp disconnecting ends it on the phone', async ({ demo, context, sandbox }) => {
  const phone = await openPhone(context, sandbox)
  await connectByWalletConnect(demo, phone)
  await demo.reload()
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)

  // Every dapp tab closed: the SharedWorker ends; a new tab's worker restores the session from IndexedDB and can sign.
  await demo.close()
  const fresh = await openSecondTab(context)
  await expect(fresh.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  await fresh.getByRole('button', { name: 'Sign a message' }).click()
  await approveOnPhone(phone, /Sign a message/)
  await expect(fresh.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)

  await fresh
    .getByRole('button', { name: /0xf39F/ })
    .first()
    .click()
  await fresh.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Disconnect' }).click()
  await expect(fresh.getByTestId('dapp-status')).toHaveText('Not connected')
  await expect(phone.getByText('No dapp is connected.')).toBeVisible()
})

test('without SharedWorker, three tabs still hold one relay socket and share the session', async ({ browser, sandbox }) => {
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URLS.demo })
  await withoutSharedWorker(context)
  const demo = await context.newPage()
  await demo.goto('/')
  const phone = await openPhone(context, sandbox)
  await connectByWalletConnect(demo, phone)
  const second = await openSecondTab(context)
  const third = await openSecondTab(context)
  for (const tab of [second, third]) await expect(tab.getByTestId('dapp-status')).toHaveText(/^Connected/)
  expect(dappSockets(sandbox)).toBe(1)
  await third.getByRole('button', { name: 'Sign a message' }).click()
  await approveOnPhone(phone, /Sign a message/)
  await expect(third.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  await closeAllTabs(context)
  await context.close()
})

test('the pairing URI refreshes before it expires, without the visitor doing anything', async ({ page }) => {
  await page.goto('/?pairingExpiryMs=15000')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const qr = page.getByRole('dialog', { name: 'WalletConnect' }).getByRole('img', { name: 'WalletConnect QR code' })
  const first = await qr.getAttribute('data-qr-value')
  expect(first).toMatch(/^wc:/)
  // Under 10 s left (SPEC.md §9) comes about 5 s after it was made: a new URI replaces it.
  await expect(qr).not.toHaveAttribute('data-qr-value', first!, { timeout: 9000 })
  await expect(qr).toHaveAttribute('data-qr-value', /^wc:/)
})

test('the wallet switches chain and the dapp follows; the dapp switches to an approved chain at once', async ({ demo, context, sandbox }) => {
  const phone = await openPhone(context, sandbox)
  await connectByWalletConnect(demo, phone)
  await demo.keyboard.press('Escape')
  await phone.getByLabel('Network').selectOption('31338')
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local B`)
  // Back from the dapp: eip155:31337 is approved in the session, so it becomes the default chain (SPEC.md §4).
  await demo.getByRole('button', { name: 'Portico Local B' }).click()
  await demo
    .getByRole('dialog', { name: 'Choose Network' })
    .getByRole('button', { name: /^Portico Local(?! B)/ })
    .click()
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  await demo.keyboard.press('Escape')
  await demo.getByRole('button', { name: 'Sign a message' }).click()
  await approveOnPhone(phone, /Sign a message/)
  await expect(demo.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
})

test('the phone rejects the proposal: the dapp says so and Try again shows a new QR code that connects', async ({ demo, context, sandbox }) => {
  const errors = recordConsoleErrors(demo)
  const phone = await openPhone(context, sandbox)
  await demo.getByRole('button', { name: 'Connect Wallet' }).click()
  await demo.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const dialog = demo.getByRole('dialog', { name: 'WalletConnect' })
  const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' })
  const first = (await qr.getAttribute('data-qr-value'))!
  await phone.getByLabel('WalletConnect link').fill(first)
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()
  await phone.getByRole('dialog', { name: 'Connect to Portico demo?' }).getByRole('button', { name: 'Reject' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('The connection did not go through: Connection declined')
  await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(qr).toHaveAttribute('data-qr-value', /^wc:/)
  const second = (await qr.getAttribute('data-qr-value'))!
  expect(second).not.toBe(first)
  await phone.getByLabel('WalletConnect link').fill(second)
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()
  await approveOnPhone(phone, /Connect to Portico demo/)
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  expect(errors()).toEqual([])
})

/** Every method the phone wallet has but `wallet_switchEthereumChain`. */
const WITHOUT_SWITCH = 'personal_sign,eth_signTypedData_v4,eth_signTypedData,eth_sendTransaction,eth_accounts,eth_requestAccounts,eth_chainId'

test('the dapp switches to a chain the session lacks: the SPEC §8 error shows; the wallet then adds the chain and changes account by session updates and the dapp follows', async ({
  demo,
  context,
  sandbox,
}) => {
  const errors = recordConsoleErrors(demo)
  // The phone approves eip155:31337 only, without wallet_switchEthereumChain.
  const phone = await openPhone(context, sandbox, `?chains=31337&methods=${WITHOUT_SWITCH}`)
  await connectByWalletConnect(demo, phone)
  await demo.keyboard.press('Escape')
  await demo.getByRole('button', { name: 'Portico Local', exact: true }).click()
  await demo
    .getByRole('dialog', { name: 'Choose Network' })
    .getByRole('button', { name: /^Portico Local B/ })
    .click()
  // The notification toast (an error is an alert) says it in SPEC.md §8's exact words.
  await expect(demo.getByRole('alert').filter({ hasText: 'Failed to switch' })).toHaveText(
    "Failed to switch to chain 'eip155:31338'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method",
  )
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  await demo.keyboard.press('Escape')

  // The wallet changes account: a session update replaces the session's accounts, then accountsChanged.
  await phone.getByLabel('Account', { exact: true }).selectOption('1')
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${TIP_RECEIVER} on Portico Local`)
  // The wallet moves to a chain the session lacks: a session update adds it, then chainChanged.
  await phone.getByLabel('Network').selectOption('31338')
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${TIP_RECEIVER} on Portico Local B`)
  // The new namespaces hold: a request on the added chain, from the new account, round-trips.
  await demo.getByRole('button', { name: 'Sign a message' }).click()
  await approveOnPhone(phone, /Sign a message/)
  await expect(demo.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  expect(errors()).toEqual([])
})

test('the relay goes away mid-session and comes back: no unhandled rejection, the session resumes and personal_sign round-trips', async ({ demo, context, sandbox }) => {
  const errors = recordConsoleErrors(demo)
  const phone = await openPhone(context, sandbox)
  await connectByWalletConnect(demo, phone)
  await demo.keyboard.press('Escape')
  try {
    await sandbox.relay.stop()
    expect(dappSockets(sandbox)).toBe(0)
    await expect(phone.getByRole('status', { name: 'Relay' })).toHaveText(/not connected/)
    // While it is away the dapp keeps the session (a quiet wait, no disconnect), through reconnect
    // attempts; with the relay down no state marks an attempt, so the session is checked after a while.
    await demo.waitForTimeout(3000)
    await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
    // A request made while the relay is away waits for it: the dapp has asked (its approval view is
    // open), nothing reached the phone, and no answer came.
    await demo.getByRole('button', { name: 'Sign a message' }).click()
    await expect(demo.getByRole('dialog', { name: 'Sign Message' })).toBeVisible()
    await expect(phone.getByRole('dialog', { name: /Sign a message/ })).toHaveCount(0)
    await expect(demo.getByTestId('sign-result')).toHaveText('')
  } finally {
    await sandbox.relay.start()
  }
  await approveOnPhone(phone, /Sign a message/)
  await expect(demo.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  // And one after it is back.
  await demo.getByRole('button', { name: 'Sign a message' }).click()
  await approveOnPhone(phone, /Sign a message/)
  await expect(demo.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  expect(dappSockets(sandbox)).toBe(1)
  expect(errors()).toEqual([])
})

test('/?siwx=required through WalletConnect: the phone connects and signs in with one approval (one-click auth, wc_sessionAuthenticate); the verifier has the session and no sign view opens', async ({
  demo,
  context,
  sandbox,
  baseURL,
}) => {
  await demo.goto('/?siwx=required')
  const phone = await openPhone(context, sandbox)
  await demo.getByRole('button', { name: 'Connect Wallet' }).click()
  const row = demo.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true })
  await row.hover()
  await row.click()
  await phone.getByLabel('WalletConnect link').fill(await copyPairingLink(demo))
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()

  // One prompt on the phone: connect and sign the EIP-4361 message bound to this page, with the verifier's nonce.
  const prompt = phone.getByRole('dialog', { name: 'Connect to Portico demo and sign in?' })
  await expect(prompt).toBeVisible()
  const message = new SiweMessage((await prompt.getByTestId('authenticate-message').textContent()) ?? '')
  const origin = new URL(baseURL!)
  expect(message.domain).toBe(origin.host)
  expect(message.uri).toBe(origin.origin)
  expect(message.address).toBe(ACCOUNT_0)
  expect(message.chainId).toBe(31337)
  expect(message.nonce.length).toBeGreaterThanOrEqual(8)
  expect(message.statement).toContain('Sign in to the Portico demo')
  await prompt.getByRole('button', { name: 'Approve' }).click()

  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  await expect(demo.getByTestId('siwx-status')).toContainText(`Signed in as ${ACCOUNT_0}`)
  const session = await fetch(`${E2E_URLS.dataApi}/v1/siwx/session?address=${ACCOUNT_0}&chainId=31337&projectId=portico-demo&st=e2e&sv=e2e`).then(
    (r) => r.json() as Promise<{ session: { nonce: string } }>,
  )
  expect(session.session.nonce).toBe(message.nonce)
  // Signed in within the pairing: the modal is on the account, not the sign view (it would come
  // first), and the phone is asked nothing more.
  await expect(demo.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect(demo.getByRole('dialog', { name: 'Sign In' })).toHaveCount(0)
  await expect(phone.getByRole('dialog')).toHaveCount(0)

  // The modal shows the account at once; the dapp disconnects: signed out at the verifier too.
  await demo
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /Disconnect/ })
    .click()
  await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected')
  await expect.poll(() => fetch(`${E2E_URLS.dataApi}/v1/siwx/session?address=${ACCOUNT_0}&chainId=31337&projectId=portico-demo&st=e2e&sv=e2e`).then((r) => r.status)).toBe(404)
})
