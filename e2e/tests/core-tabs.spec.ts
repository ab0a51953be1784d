import type { BrowserContext, Page } from '@playwright/test'
import { balanceRequests, connectSandboxWallet, expect, openSecondTab, test, walletRequest, withoutSharedWorker } from '../fixtures.ts'

const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
const CONNECTED = `Connected ${WALLET_ADDRESS} on Portico Local`
const CONNECTED_B = `Connected ${WALLET_ADDRESS} on Portico Local B`

/**
 * The Sandbox Wallet keeps its state in localStorage and follows it in every tab (storage events), so
 * each tab's wallet also reports a change. Blocking those events in a tab leaves the core's push as the
 * only way a change made elsewhere can reach it.
 */
async function onlyTheCoreSpeaksTo(page: Page) {
  await page.evaluate(() => window.addEventListener('storage', (event) => event.stopImmediatePropagation(), { capture: true }))
}

/** Opens the account view the way a visitor does in a tab that shows the connected account. */
async function openAccount(page: Page) {
  await page.getByRole('button', { name: short(WALLET_ADDRESS) }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  return account
}

async function threeTabs(context: BrowserContext, first: Page) {
  await first.goto('/')
  const account = await connectSandboxWallet(first)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  const second = await openSecondTab(context)
  const third = await openSecondTab(context)
  await Promise.all([expect(second.getByTestId('dapp-status')).toHaveText(CONNECTED), expect(third.getByTestId('dapp-status')).toHaveText(CONNECTED)])
  return [first, second, third] as const
}

for (const variant of ['SharedWorker', 'dedicated workers (SharedWorker deleted)'] as const) {
  test(`three tabs share one core: one request for what they all ask, and every change reaches every tab (${variant})`, async ({ context, page, sandbox }) => {
    if (variant !== 'SharedWorker') await withoutSharedWorker(context)
    sandbox.dataApi.clearRequests()
    const [first, second, third] = await threeTabs(context, page)
    expect(await second.evaluate(() => typeof SharedWorker)).toBe(variant === 'SharedWorker' ? 'function' : 'undefined')

    // Every tab asks for the account's data; one request reached the data API.
    const accounts = await Promise.all([second, third].map(openAccount))
    const shown = await first.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance').innerText()
    for (const account of accounts) await expect(account.getByTestId('account-balance')).toHaveText(shown)
    expect(balanceRequests(sandbox)).toHaveLength(1)
    expect(sandbox.dataApi.requests().filter((r) => r.path.startsWith('/v1/identity/'))).toHaveLength(1)
    await Promise.all([second, third].map((p) => p.keyboard.press('Escape')))

    if (variant !== 'SharedWorker') {
      // One tab's dedicated worker holds the leader lock; the two others wait for it.
      const locks = await first.evaluate(() => navigator.locks.query())
      expect(locks.held?.filter((l) => l.name === 'portico-core-leader')).toHaveLength(1)
      expect(locks.pending?.filter((l) => l.name === 'portico-core-leader')).toHaveLength(2)
    }

    // All three tabs ask for data nobody has cached at the same moment: the wallet switches network
    // and reports it in every tab, and every tab tells the core. One request reaches the data API.
    await walletRequest(first, 'wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    for (const p of [first, second, third]) await expect(p.getByTestId('dapp-status')).toHaveText(CONNECTED_B)
    await expect(first.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toContainText('BEE')
    // In order: each other tab then asks the core for the account, after its own report of the switch
    // (one port, in order), and is answered from the one request.
    for (const p of [second, third]) {
      await p.getByRole('button', { name: short(WALLET_ADDRESS) }).click()
      await expect(p.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toContainText('BEE')
      await p.keyboard.press('Escape')
      await expect(p.getByRole('dialog', { name: 'Account' })).toHaveCount(0)
    }
    expect(balanceRequests(sandbox).filter((r) => r.query.chainId === 'eip155:31338')).toHaveLength(1)

    // A change made in tab 1 reaches the two other tabs through the core alone (their wallets no
    // longer hear of it): two network switches, then a disconnect. How fast is measured by
    // `npm run bench` ("State push to 3 tabs"), not here.
    const tabs = [first, second, third] as const
    await Promise.all([second, third].map(onlyTheCoreSpeaksTo))
    for (const [chainId, text] of [
      ['0x7a69', CONNECTED],
      ['0x7a6a', CONNECTED_B],
    ] as const) {
      await walletRequest(first, 'wallet_switchEthereumChain', [{ chainId }])
      for (const p of tabs) await expect(p.getByTestId('dapp-status')).toHaveText(text)
    }
    await first
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Disconnect/ })
      .click()
    for (const p of tabs) await expect(p.getByTestId('dapp-status')).toHaveText('Not connected')
    // Switching back and forth within the cache window fetched nothing more.
    expect(balanceRequests(sandbox)).toHaveLength(2)
  })
}

test('without SharedWorker, closing the leader tab hands the core to another tab', async ({ context, page, sandbox }) => {
  await withoutSharedWorker(context)
  sandbox.dataApi.clearRequests()
  const [first, second, third] = await threeTabs(context, page)
  await first.close()
  // The next tab takes the Web Lock, restores from IndexedDB and serves the others.
  await openAccount(second)
  await onlyTheCoreSpeaksTo(third)
  await second
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /Disconnect/ })
    .click()
  await expect(third.getByTestId('dapp-status')).toHaveText('Not connected')
  await expect(third.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  // The one request is tab 1's at connect: the new leader serves the balance from IndexedDB.
  expect(balanceRequests(sandbox)).toHaveLength(1)
})
