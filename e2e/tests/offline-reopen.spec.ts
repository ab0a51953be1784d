import type { BrowserContext, Locator, Page } from '@playwright/test'
import { ageStoredRecords, balanceRequests, closeAllTabs, connectSandboxWallet, expect, openTabWhileOffline, recordConsoleErrors, test, waitForServiceWorker } from '../fixtures.ts'

const SHORT = '0xf39F…2266'
/** SPEC.md §9: portfolio and native balance cache. */
const BALANCE_CACHE_MS = 30_000

/** The wallet rows the Connect view shows, by name, once the catalogue's images have loaded. */
async function catalogueRows(dialog: Locator): Promise<string[]> {
  const list = dialog.getByRole('list', { name: 'Wallets' })
  await expect(list.locator('.portico-image-loaded').first()).toBeVisible()
  return list.locator('.portico-image-loaded').evaluateAll((els) => els.map((el) => el.closest('button')?.querySelector('.portico-wallet-name')?.textContent ?? ''))
}

/** Every catalogue image in the Connect view's list has decoded (served, not a broken picture). */
async function expectImagesShown(dialog: Locator, names: readonly string[]) {
  const list = dialog.getByRole('list', { name: 'Wallets' })
  for (const name of names) {
    const row = list.getByRole('button', { name })
    await expect(row).toBeVisible()
    await expect(row.locator('.portico-image-loaded img')).toHaveJSProperty('complete', true)
    expect(await row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  }
}

/** A first visit: intent, the worker installs, the visitor opens the modal and sees the catalogue. */
async function firstVisit(page: Page) {
  await page.goto('/')
  await waitForServiceWorker(page)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const names = await catalogueRows(dialog)
  expect(names.length).toBeGreaterThan(0)
  await expect(dialog.getByTestId('all-wallets-count')).toBeVisible()
  return names
}

/** A new tab; while the context is offline, one whose `navigator.onLine` says so (see openTabWhileOffline). */
async function freshTab(context: BrowserContext, { offline = true }: { offline?: boolean } = {}) {
  if (offline) return openTabWhileOffline(context)
  const page = await context.newPage()
  const errors = recordConsoleErrors(page)
  const response = await page.goto('/')
  return { page, errors, response, backOnline: () => context.setOffline(false) }
}

test('all tabs closed, network off, new tab: the demo loads and the Connect view shows the wallets with their images', async ({ page, context, sandbox: _ }) => {
  const names = await firstVisit(page)
  await closeAllTabs(context)
  await context.setOffline(true)

  const { page: tab, errors, response } = await freshTab(context)
  expect(response?.fromServiceWorker()).toBe(true)
  await tab.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = tab.getByRole('dialog', { name: 'Connect Wallet' })
  await expectImagesShown(dialog, names)
  await expect(dialog.getByTestId('all-wallets-count')).toBeVisible()
  expect(errors()).toEqual([])
})

test('all tabs closed, sandbox stopped, new tab: the demo loads and the Connect view shows the wallets with their images', async ({ page, context, sandbox }) => {
  const names = await firstVisit(page)
  await closeAllTabs(context)
  await Promise.all([sandbox.catalogue.stop(), sandbox.dataApi.stop()])
  try {
    const { page: tab, errors } = await freshTab(context, { offline: false })
    await tab.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = tab.getByRole('dialog', { name: 'Connect Wallet' })
    await expectImagesShown(dialog, names)
    expect(errors().filter((e) => !/Failed to load resource: net::ERR_CONNECTION_REFUSED/.test(e))).toEqual([])
  } finally {
    await Promise.all([sandbox.catalogue.start(), sandbox.dataApi.start()])
  }
})

type Seen = { balance: string; name: string | null; activity: string[] }

/**
 * The Activity rows as the visitor reads them, without their ages: an age is relative to now ('1 min'
 * becomes '2 mins' once a test moves the stored data past a cache's time), so it is not part of what was last seen.
 */
function activityRows(account: Locator): Promise<string[]> {
  return account
    .locator('.portico-activity li')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('.portico-tx-title, .portico-tx-detail')].map((part) => part.textContent?.trim() ?? '').join(' | ')))
}

/** Connects, waits for the account to be complete (balance, identity, first page of Activity) and notes it. */
async function connectedVisit(page: Page): Promise<Seen> {
  await page.goto('/')
  await waitForServiceWorker(page)
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  const balance = await account.getByTestId('account-balance').innerText()
  await account.getByRole('tab', { name: 'Activity' }).click()
  const activity = account.locator('.portico-activity li')
  await expect(activity.first()).toBeVisible()
  const name = (await account.getByTestId('account-name').count()) > 0 ? await account.getByTestId('account-name').innerText() : null
  return { balance, name, activity: await activityRows(account) }
}

async function reopenAccount(page: Page) {
  await page.getByRole('button', { name: SHORT }).click()
  return page.getByRole('dialog', { name: 'Account' })
}

async function expectAsLastSeen(account: Locator, seen: Seen) {
  await expect(account.getByTestId('account-balance')).toHaveText(seen.balance)
  await expect(account.getByTestId('account-address')).toHaveText(SHORT)
  if (seen.name) await expect(account.getByTestId('account-name')).toHaveText(seen.name)
  await expect(account.locator('.portico-avatar, [data-testid="account-avatar"]').first()).toBeVisible()
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.locator('.portico-activity li').first()).toBeVisible()
  expect(await activityRows(account)).toEqual(seen.activity)
  await expect(account.locator('.portico-activity li time').first()).toHaveText(/\S/)
}

test('a connected visitor, all tabs closed, network off, new tab: the Account view as last seen, with its age and Offline', async ({ page, context, sandbox: _ }) => {
  const seen = await connectedVisit(page)
  await closeAllTabs(context)
  // Under a second old, the age reads 'Updated just now'; past it, 'Updated N secs ago', which is checked.
  expect(await ageStoredRecords(context, 1_500)).toBeGreaterThan(0)
  await context.setOffline(true)

  const { page: tab, errors } = await freshTab(context)
  const account = await reopenAccount(tab)
  await expectAsLastSeen(account, seen)
  await expect(account.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()
  await expect(account.getByText(/Updated .+ ago/)).toBeVisible()
  expect(errors()).toEqual([])
})

test('a connected visitor with the sandbox stopped: the Account view as last seen, with its age', async ({ page, context, sandbox }) => {
  const seen = await connectedVisit(page)
  await closeAllTabs(context)
  await Promise.all([sandbox.catalogue.stop(), sandbox.dataApi.stop()])
  try {
    // Past the balances' cache time, so reopening tries a refresh, which fails with the API gone.
    expect(await ageStoredRecords(context, BALANCE_CACHE_MS + 1_000)).toBeGreaterThan(0)
    const { page: tab } = await freshTab(context, { offline: false })
    const account = await reopenAccount(tab)
    await expectAsLastSeen(account, seen)
    await expect(account.getByText(/Updated .+ ago/)).toBeVisible()
  } finally {
    await Promise.all([sandbox.catalogue.start(), sandbox.dataApi.start()])
  }
})

test('offline, the actions that need the network say so and are disabled; nothing reaches the console', async ({ page, context, sandbox: _ }) => {
  await connectedVisit(page)
  await closeAllTabs(context)
  await context.setOffline(true)
  const { page: tab, errors } = await freshTab(context)
  const account = await reopenAccount(tab)
  await expect(account.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()
  for (const action of ['Send', 'Swap']) await expect(account.getByRole('button', { name: new RegExp(`^${action}`) })).toBeDisabled()
  await expect(account.getByText(/needs? (a|the) (network|connection)/i).first()).toBeVisible()

  await account.getByRole('button', { name: /Disconnect/ }).click()
  const connect = tab.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(connect.getByRole('button', { name: 'WalletConnect' })).toBeDisabled()
  await expect(connect.getByText(/needs? (a|the) (network|connection)/i).first()).toBeVisible()
  expect(errors()).toEqual([])
})

test('when the network returns, the account refreshes once without a reload and the age marker goes away', async ({ page, context, sandbox }) => {
  await connectedVisit(page)
  await closeAllTabs(context)
  // Offline for longer than the balances' cache time (SPEC.md §9: 30 s), so coming back must refresh.
  expect(await ageStoredRecords(context, BALANCE_CACHE_MS + 1_000)).toBeGreaterThan(0)
  await context.setOffline(true)
  const { page: tab, errors, backOnline } = await freshTab(context)
  const account = await reopenAccount(tab)
  await expect(account.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()
  await expect(account.getByText(/Updated \d+ secs? ago/)).toBeVisible()
  await tab.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))

  sandbox.dataApi.clearRequests()
  await backOnline()
  await expect.poll(() => balanceRequests(sandbox).length).toBe(1)
  await expect(account.getByText('Offline')).toHaveCount(0)
  await expect(account.getByText(/Updated .+ ago/)).toHaveCount(0)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  // In order: the visitor then moves to the other network, whose balance the core must ask for; the
  // network's return asked for the first one once, before it.
  await account.getByTestId('account-network-button').click()
  await tab
    .getByRole('dialog', { name: 'Choose network' })
    .getByRole('button', { name: /Portico Local B/ })
    .click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local B')
  await expect.poll(() => balanceRequests(sandbox).filter((r) => r.query.chainId === 'eip155:31338').length).toBe(1)
  expect(balanceRequests(sandbox).filter((r) => r.query.chainId !== 'eip155:31338')).toHaveLength(1)
  expect(await tab.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
  expect(errors()).toEqual([])
})
