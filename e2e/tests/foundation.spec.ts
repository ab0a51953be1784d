import { createPublicClient, formatEther, http } from 'viem'
import { E2E_URLS } from '../ports.ts'
import { balanceRequests, connectSandboxWallet, expect, openSecondTab, test } from '../fixtures.ts'

const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
const twoDecimals = (v: string) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(v))

test('a visitor connects the Sandbox Wallet and sees the address and the chain balance', async ({ demo, sandbox }) => {
  const account = await connectSandboxWallet(demo)
  await expect(account.getByTestId('account-address')).toHaveText(short(WALLET_ADDRESS))
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local')
  const chain = createPublicClient({ transport: http(sandbox.chains[0]!.rpcUrl) })
  const onChain = formatEther(await chain.getBalance({ address: WALLET_ADDRESS }))
  await expect(account.getByTestId('account-balance')).toHaveText(`${twoDecimals(onChain)} ETH`)
  await expect(demo.getByTestId('dapp-status')).toHaveText(`Connected ${WALLET_ADDRESS} on Portico Local`)
})

test('a second tab shows the same account without connecting, and both tabs cost one balance request', async ({ demo, context, sandbox }) => {
  const account = await connectSandboxWallet(demo)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')

  const second = await openSecondTab(context)
  await expect(second.getByRole('button', { name: short(WALLET_ADDRESS) })).toBeVisible()
  await second.getByRole('button', { name: short(WALLET_ADDRESS) }).click()
  const secondAccount = second.getByRole('dialog', { name: 'Account' })
  await expect(secondAccount.getByTestId('account-address')).toHaveText(short(WALLET_ADDRESS))
  await expect(secondAccount.getByTestId('account-balance')).toHaveText(await account.getByTestId('account-balance').innerText())
  await expect(second.getByRole('dialog', { name: 'Sandbox Wallet request' })).toHaveCount(0)
  expect(balanceRequests(sandbox)).toHaveLength(1)
})

test('disconnecting in one tab disconnects the other', async ({ demo, context }) => {
  await connectSandboxWallet(demo)
  const second = await openSecondTab(context)
  await expect(second.getByTestId('dapp-status')).toHaveText(/^Connected/)

  await demo
    .getByRole('dialog', { name: 'Account' })
    .getByRole('button', { name: /Disconnect/ })
    .click()
  await expect(demo.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect(second.getByTestId('dapp-status')).toHaveText('Not connected')
  await expect(second.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
})

test('with the data API stopped, a reload still shows the last balance from IndexedDB', async ({ demo, sandbox }) => {
  const account = await connectSandboxWallet(demo)
  const balance = account.getByTestId('account-balance')
  await expect(balance).toContainText('ETH')
  const seen = await balance.innerText()

  await sandbox.dataApi.stop()
  try {
    await demo.reload()
    await demo.getByRole('button', { name: short(WALLET_ADDRESS) }).click()
    const reopened = demo.getByRole('dialog', { name: 'Account' })
    await expect(reopened.getByTestId('account-balance')).toHaveText(seen)
    await expect(reopened.getByTestId('account-address')).toHaveText(short(WALLET_ADDRESS))
  } finally {
    await sandbox.dataApi.start()
  }
})

test('loading the page makes no request to the data API or the catalogue until the modal opens', async ({ page, sandbox }) => {
  const seen: string[] = []
  page.on('request', (request) => seen.push(request.url()))
  sandbox.dataApi.clearRequests()
  sandbox.catalogue.clearRequests()
  const catalogueRequests = () => sandbox.catalogue.requests().filter((r) => r.path === '/getWallets')
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Counted at the servers too: the page does not see its SharedWorker's requests.
  expect(seen.filter((u) => u.startsWith(sandbox.dataApi.url) || u.startsWith(sandbox.catalogue.url))).toEqual([])
  expect(sandbox.dataApi.requests()).toEqual([])
  expect(sandbox.catalogue.requests()).toEqual([])
  // Nothing but the page's own files before the visitor acts.
  expect(seen.filter((u) => !u.startsWith(`${E2E_URLS.demo}/`))).toEqual([])

  // Opening the modal asks the catalogue for the wallets, and the same counts see it.
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('all-wallets-count')).toBeVisible()
  await expect.poll(() => catalogueRequests().length).toBeGreaterThan(0)
  // In order: the visitor's wallets request is the first either service received.
  expect(sandbox.catalogue.requests()[0]?.path).toBe('/getWallets')
  const opened = sandbox.catalogue.requests()[0]!.time
  for (const request of sandbox.dataApi.requests()) expect(request.time).toBeGreaterThanOrEqual(opened)

  // Connecting asks the data API for the balance, once.
  await dialog.getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toContainText('ETH')
  expect(balanceRequests(sandbox)).toHaveLength(1)
})
