import { connectSandboxWallet, expect, openSecondTab, test } from '../fixtures.ts'

const WALLET_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`

/**
 * SPEC.md §9 heartbeat, in Chromium with the real SharedWorker: the core's worker is stopped under
 * two open tabs (through the DevTools protocol, as a crash would); each tab's heartbeat finds it silent,
 * every tab moves to the next generation's worker, the account stays shown, and the modal works on.
 */
test('a core worker that dies under two tabs is restarted once for both; the account stays shown and the modal works on', async ({ demo, context }) => {
  const account = await connectSandboxWallet(demo)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  const second = await openSecondTab(context)
  await second.getByRole('button', { name: short(WALLET_ADDRESS) }).click()
  const secondAccount = second.getByRole('dialog', { name: 'Account' })
  await expect(secondAccount.getByTestId('account-balance')).toContainText('ETH')
  const balance = await account.getByTestId('account-balance').textContent()

  const cdp = await context.browser()!.newBrowserCDPSession()
  const sharedWorkers = async () => (await cdp.send('Target.getTargets')).targetInfos.filter((t) => t.type === 'shared_worker')
  const [worker] = await sharedWorkers()
  expect(worker).toBeDefined()
  await cdp.send('Target.closeTarget', { targetId: worker!.targetId })

  // Both tabs find the worker gone and move to the next generation: one new worker for the two.
  await expect.poll(async () => (await sharedWorkers()).map((t) => t.targetId).filter((id) => id !== worker!.targetId).length, { timeout: 20_000 }).toBe(1)
  for (const page of [demo, second]) await expect.poll(() => page.evaluate(() => localStorage.getItem('portico:core-generation')), { timeout: 20_000 }).toBe('1')
  await expect(demo.getByText('Reconnecting…')).toHaveCount(0, { timeout: 20_000 })
  await expect(second.getByText('Reconnecting…')).toHaveCount(0, { timeout: 20_000 })
  // What was shown stayed, and the new core answers: Activity loads, and a change made in one tab reaches the other.
  await expect(account.getByTestId('account-balance')).toHaveText(balance!)
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.getByRole('tabpanel', { name: 'Activity' })).toBeVisible()
  // A disconnect in the other tab reaches this one through the new core alone (its wallet no longer hears of it).
  await demo.evaluate(() => window.addEventListener('storage', (event) => event.stopImmediatePropagation(), { capture: true }))
  await secondAccount.getByRole('button', { name: /Disconnect/ }).click()
  await expect(demo.getByTestId('dapp-status')).toHaveText('Not connected', { timeout: 15_000 })
  expect((await sharedWorkers()).length).toBe(1)
})
