import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { createPublicClient, createTestClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Page } from '@playwright/test'
import { connectSandboxWallet, expect, openSecondTab, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const chain = createPublicClient({ transport: http(E2E_URLS.chainA) })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

/** Opens Send from the Account view and fills it the way a visitor does. */
async function fillSend(page: Page, { token, amount, receiver }: { token?: string; amount: string; receiver: string }) {
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Send' })
  if (token) {
    await dialog.getByRole('button', { name: /Choose token/ }).click()
    await dialog
      .getByRole('list', { name: 'Token' })
      .getByRole('button', { name: new RegExp(token) })
      .click()
  }
  await dialog.getByRole('textbox', { name: /Amount/ }).fill(amount)
  await dialog.getByRole('textbox', { name: /Recipient/ }).fill(receiver)
  return dialog
}

/** Review (its simulated balance changes, when given, checked before the wallet is asked), confirm, and answer the Sandbox Wallet's prompt. */
async function confirmSend(page: Page, dialog: ReturnType<Page['getByRole']>, answer: 'Approve' | 'Reject', changes?: RegExp[]) {
  await dialog.getByRole('button', { name: 'Review' }).click()
  if (changes) await expect(dialog.getByTestId('preview-change')).toHaveText(changes, { timeout: 15_000 })
  // Send arms once the preview is done (the page waits for it as a visitor would).
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: answer }).click()
}

async function waitForBalance(read: () => Promise<bigint>, expected: bigint) {
  await expect.poll(read, { timeout: 15_000 }).toBe(expected)
}

test.describe('Send', () => {
  test('0.5 ETH and 25 USDC reach a fresh address; the modal returns to Account and every tab shows them in Activity', async ({ demo, sandbox, context }) => {
    const usdc = sandbox.contracts[31337]?.USDC?.address as Address
    await connectSandboxWallet(demo)
    const second = await openSecondTab(context)
    const receiver = freshAddress()

    let dialog = await fillSend(demo, { amount: '0.5', receiver })
    await expect(dialog.getByTestId('send-fee')).toContainText('ETH')
    // The Review step's preview, simulated on the chain (eth_simulateV1) before the wallet is asked.
    await confirmSend(demo, dialog, 'Approve', [/^−0\.5 ETH \(≈ −\$[\d,.]+\)$/])
    await expect(demo.getByText('Transaction started')).toBeVisible()
    await expect(demo.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await waitForBalance(() => chain.getBalance({ address: receiver }), parseEther('0.5'))

    dialog = await fillSend(demo, { token: 'USD Coin|USDC', amount: '25', receiver })
    await confirmSend(demo, dialog, 'Approve', [/^−25 USDC/])
    await expect(demo.getByText('Transaction started')).toBeVisible()
    await waitForBalance(() => chain.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] }), parseUnits('25', 6))

    for (const page of [demo, second]) {
      if (page === second)
        await page
          .getByRole('button', { name: /0xf39F/ })
          .first()
          .click()
      const account = page.getByRole('dialog', { name: 'Account' })
      await account.getByRole('tab', { name: 'Activity' }).click()
      const panel = account.getByRole('tabpanel', { name: 'Activity' })
      await expect(panel.locator('.portico-tx').filter({ hasText: '25 USDC' }).first()).toBeVisible({ timeout: 15_000 })
      await expect(panel.locator('.portico-tx').filter({ hasText: '0.5 ETH' }).first()).toBeVisible()
    }
  })

  test('a send in flight survives a reload and the worker: Activity shows it pending, then confirmed once mined; sent once', async ({ demo, context }) => {
    const anvil = createTestClient({ mode: 'anvil', transport: http(E2E_URLS.chainA) })
    await connectSandboxWallet(demo)
    const receiver = freshAddress()
    const nonce = await chain.getTransactionCount({ address: ACCOUNT_0 })
    // The chain holds the transaction unmined until the test says so.
    await anvil.setAutomine(false)
    try {
      const dialog = await fillSend(demo, { amount: '0.37', receiver })
      await confirmSend(demo, dialog, 'Approve')
      await expect(demo.getByText('Transaction started')).toBeVisible()
      const activity = async (page: Page) => {
        const account = page.getByRole('dialog', { name: 'Account' })
        await account.getByRole('tab', { name: 'Activity' }).click()
        return account.getByRole('tabpanel', { name: 'Activity' })
      }
      const pendingRow = (panel: Awaited<ReturnType<typeof activity>>) => panel.getByRole('list', { name: 'Pending' }).locator('.portico-tx').filter({ hasText: '0.37 ETH' })
      await expect(pendingRow(await activity(demo))).toBeVisible()

      await demo.reload()
      await demo
        .getByRole('button', { name: /0xf39F/ })
        .first()
        .click()
      await expect(pendingRow(await activity(demo))).toContainText('Pending')

      // The only tab closes: the core's SharedWorker ends with it. A new tab starts a new core, which
      // has the transaction from IndexedDB only.
      const cdp = await context.browser()!.newBrowserCDPSession()
      const sharedWorkers = async () => (await cdp.send('Target.getTargets')).targetInfos.filter((t) => t.type === 'shared_worker').length
      await demo.close()
      await expect.poll(sharedWorkers, { timeout: 10_000 }).toBe(0)
      const page = await context.newPage()
      await page.goto('/')
      await page
        .getByRole('button', { name: /0xf39F/ })
        .first()
        .click()
      const panel = await activity(page)
      await expect(pendingRow(panel)).toContainText('Pending')
      expect(await sharedWorkers()).toBe(1)

      await anvil.mine({ blocks: 1 })
      await expect(pendingRow(panel)).toHaveCount(0, { timeout: 15_000 })
      const mined = panel.locator('.portico-tx').filter({ hasText: '0.37 ETH' }).first()
      await expect(mined).toBeVisible({ timeout: 15_000 })
      await expect(mined).not.toContainText('Pending')
      expect(await chain.getBalance({ address: receiver })).toBe(parseEther('0.37'))
      expect(await chain.getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce + 1)
    } finally {
      await anvil.setAutomine(true)
    }
  })

  test('to an account name: it resolves, shows the name, and the transfer arrives at its address', async ({ demo }) => {
    await connectSandboxWallet(demo)
    const before = await chain.getBalance({ address: ALICE })
    const dialog = await fillSend(demo, { amount: '0.01', receiver: 'alice.reown.id' })
    await expect(dialog.getByTestId('receiver-resolved')).toContainText('alice.reown.id is 0x7099')
    await confirmSend(demo, dialog, 'Approve')
    await expect(demo.getByText('Transaction started')).toBeVisible()
    await waitForBalance(async () => (await chain.getBalance({ address: ALICE })) - before, parseEther('0.01'))
  })

  test('each bad input is stopped before the wallet, next to its field', async ({ demo }) => {
    await connectSandboxWallet(demo)
    const walletPrompt = demo.getByRole('dialog', { name: 'Sandbox Wallet request' })
    const cases: [{ token?: string; amount: string; receiver: string }, RegExp][] = [
      [{ amount: '1', receiver: '0x1234' }, /Enter a valid address/],
      [{ amount: '0', receiver: freshAddress() }, /The amount must be more than 0/],
      [{ amount: '-1', receiver: freshAddress() }, /The amount must be more than 0/],
      [{ amount: '100000000', receiver: freshAddress() }, /Not enough ETH: the balance is/],
      [{ token: 'USD Coin|USDC', amount: '1.1234567', receiver: freshAddress() }, /USDC has at most 6 decimals/],
    ]
    for (const [input, message] of cases) {
      const dialog = await fillSend(demo, input)
      await dialog.getByRole('button', { name: 'Review' }).click()
      await expect(dialog.getByRole('alert')).toHaveText(message)
      await expect(walletPrompt).toHaveCount(0)
      await demo.getByRole('button', { name: 'Back' }).click()
    }
    // An account with tokens but no native balance for gas: the chain takes account 0's ETH for a moment.
    const test = createTestClient({ mode: 'anvil', transport: http(E2E_URLS.chainA) })
    const ethBefore = await chain.getBalance({ address: ACCOUNT_0 })
    await test.setBalance({ address: ACCOUNT_0, value: 0n })
    try {
      const dialog = await fillSend(demo, { token: 'USD Coin|USDC', amount: '1', receiver: freshAddress() })
      await dialog.getByRole('button', { name: 'Review' }).click()
      await expect(dialog.getByRole('alert')).toHaveText('Not enough ETH to pay the network fee')
      await expect(walletPrompt).toHaveCount(0)
    } finally {
      await test.setBalance({ address: ACCOUNT_0, value: ethBefore })
    }
  })

  test('the wallet declines: a message, nothing sent, the input kept', async ({ demo }) => {
    await connectSandboxWallet(demo)
    const nonce = await chain.getTransactionCount({ address: ACCOUNT_0 })
    const receiver = freshAddress()
    const dialog = await fillSend(demo, { amount: '0.2', receiver })
    await confirmSend(demo, dialog, 'Reject')
    await expect(dialog.getByRole('alert').filter({ hasText: 'Declined in the wallet. Nothing was sent.' })).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: /Amount/ })).toHaveValue('0.2')
    await expect(dialog.getByRole('textbox', { name: /Recipient/ })).toHaveValue(receiver)
    expect(await chain.getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce)
  })

  test('a token whose transfer reverts shows the friendly execution-reverted message and sends nothing', async ({ demo }) => {
    await connectSandboxWallet(demo)
    const nonce = await chain.getTransactionCount({ address: ACCOUNT_0 })
    const dialog = await fillSend(demo, { token: 'Frozen Token', amount: '1', receiver: freshAddress() })
    await dialog.getByRole('button', { name: 'Review' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('The transaction would fail: execution reverted')
    await expect(demo.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
    expect(await chain.getTransactionCount({ address: ACCOUNT_0 })).toBe(nonce)
  })

  test('offline, Send explains that it needs the network and does not start', async ({ demo, context }) => {
    const account = await connectSandboxWallet(demo)
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const dialog = demo.getByRole('dialog', { name: 'Send' })
    await expect(dialog.getByRole('button', { name: 'Review' })).toBeVisible()
    await context.setOffline(true)
    await expect(dialog.getByRole('status')).toContainText('Sending needs the network')
    await expect(dialog.getByRole('button', { name: 'Review' })).toHaveCount(0)
    await demo.getByRole('button', { name: 'Back' }).click()
    const tile = demo.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: /^Send/ }).first()
    await expect(tile).toHaveAttribute('aria-disabled', 'true')
    await expect(tile).toContainText('Needs the network')
    await context.setOffline(false)
  })
})

test('Receive shows the address as a QR code a camera reads back, in full with copy, and its networks', async ({ demo, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await connectSandboxWallet(demo)
  await demo.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Receive', exact: true }).click()
  const dialog = demo.getByRole('dialog', { name: 'Receive' })
  const qr = dialog.getByRole('img', { name: /QR code of the address/ })
  await expect(qr).toBeVisible()
  const png = PNG.sync.read(await qr.screenshot())
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)
  expect(decoded?.data).toBe(`ethereum:${ACCOUNT_0}@31337`)
  await expect(dialog.getByTestId('receive-address')).toContainText(ACCOUNT_0)
  await expect(dialog.getByTestId('receive-name')).toHaveText('portico-dev.reown.id')
  await dialog.getByRole('button', { name: 'Copy address' }).click()
  await expect(dialog.getByRole('button', { name: 'Address copied' })).toBeVisible()
  expect(await demo.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT_0)
  await expect(dialog.getByRole('listitem')).toHaveText(['Portico Local', 'Portico Local B'])
})
