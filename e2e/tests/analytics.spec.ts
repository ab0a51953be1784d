import type { Page } from '@playwright/test'
import type { StoredAnalyticsEvent } from '@portico/sandbox'
import { connectSandboxWallet, expect, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

/**
 * SPEC.md §7 analytics against the sandbox's sink, read the way an operator would
 * (`GET /__admin/analytics` on the catalogue service): nothing before the visitor acts, the events
 * of what the visitor did with the address, and nothing at all when analytics is off (configuration,
 * the sink's switch, Global Privacy Control) or the origin is refused.
 */

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/**
 * More than the core waits before it sends a batch (ANALYTICS_FLUSH_MS), with room: where analytics
 * is off the core drops or never queues an event, and no state of it says so, so "nothing arrives"
 * is checked after this long.
 */
const QUIET_MS = 2_500

async function sink(): Promise<StoredAnalyticsEvent[]> {
  return (await fetch(`${E2E_URLS.catalogue}/__admin/analytics`)).json() as Promise<StoredAnalyticsEvent[]>
}
const names = (events: StoredAnalyticsEvent[]) => events.map((e) => e.event.props.event)
const ACCOUNT_EVENTS = new Set(['CONNECT_SUCCESS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS'])

test.beforeEach(async ({ sandbox }) => {
  sandbox.analytics.clear()
  sandbox.catalogue.clearRequests()
  sandbox.analytics.forbid(false)
  sandbox.analytics.setEnabled(true)
})
test.afterAll(async ({ sandbox }) => {
  sandbox.analytics.forbid(false)
  sandbox.analytics.setEnabled(true)
})

async function connectSwitchDisconnect(page: Page) {
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await account.getByTestId('account-network-button').click()
  await page
    .getByRole('dialog', { name: 'Choose network' })
    .getByRole('button', { name: /Portico Local B/ })
    .click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local B')
  await account.getByRole('button', { name: /Disconnect/ }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
}

test('loading the page sends nothing; connecting, switching network and disconnecting send those events with the address', async ({ page, sandbox }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  expect(await sink()).toEqual([])
  expect(sandbox.catalogue.requests().filter((r) => /getAnalyticsConfig|\/e$/.test(r.path))).toEqual([])

  const acted = Date.now()
  await connectSwitchDisconnect(page)
  await expect.poll(async () => names(await sink()).filter((n) => ACCOUNT_EVENTS.has(n))).toEqual(['CONNECT_SUCCESS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS'])
  const events = await sink()
  // Everything that arrived was made after the visitor acted, and the core asked and sent nothing
  // before: the batch that carried the visitor's events holds nothing from the page's load.
  for (const stored of events) expect(stored.event.timestamp).toBeGreaterThanOrEqual(acted)
  const firstTracked = Math.min(...events.map((e) => e.event.timestamp))
  for (const request of sandbox.catalogue.requests().filter((r) => /getAnalyticsConfig|\/e$/.test(r.path))) expect(request.time).toBeGreaterThanOrEqual(firstTracked)
  for (const stored of events.filter((e) => ACCOUNT_EVENTS.has(e.event.props.event))) {
    expect(stored.event.props.address?.toLowerCase()).toBe(WALLET.toLowerCase())
    expect(stored.query).toEqual({ projectId: 'portico-demo', st: 'portico', sv: expect.stringMatching(/\S/) })
    expect(stored.event.domain).toBe(new URL(E2E_URLS.demo).host)
    expect(stored.event.url).toBe(`${E2E_URLS.demo}/`)
  }
  expect(events.find((e) => e.event.props.event === 'SWITCH_NETWORK')?.event.props.properties).toMatchObject({ network: 'eip155:31338' })
  // The modal's own events go too; MODAL_CREATED never does.
  expect(names(events)).toContain('MODAL_OPEN')
  expect(names(events)).not.toContain('MODAL_CREATED')
  expect(new Set(events.map((e) => e.event.eventId)).size).toBe(events.length)
  // The sink's switch was asked once for the whole session.
  expect(sandbox.catalogue.requests().filter((r) => r.path.endsWith('/getAnalyticsConfig'))).toHaveLength(1)
})

test('with analytics off in the configuration nothing arrives', async ({ page }) => {
  await page.goto('/?features=-analytics')
  await connectSwitchDisconnect(page)
  await page.waitForTimeout(QUIET_MS) // nothing to wait for: see QUIET_MS
  expect(await sink()).toEqual([])
})

test('with the sink answering isAnalyticsEnabled: false nothing arrives', async ({ page, sandbox }) => {
  sandbox.analytics.setEnabled(false)
  await page.goto('/')
  await connectSwitchDisconnect(page)
  await page.waitForTimeout(QUIET_MS) // nothing to wait for: see QUIET_MS
  expect(await sink()).toEqual([])
  expect(sandbox.catalogue.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/e'))).toEqual([])
})

test('with Global Privacy Control on nothing arrives', async ({ page, sandbox }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }))
  await page.goto('/')
  await connectSwitchDisconnect(page)
  await page.waitForTimeout(QUIET_MS) // nothing to wait for: see QUIET_MS
  expect(await sink()).toEqual([])
  expect(sandbox.catalogue.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/e'))).toEqual([])
})

test('a 403 from the sink shows the allow-list alert once and nothing more is sent', async ({ page, sandbox }) => {
  sandbox.analytics.forbid(true)
  await page.goto('/')
  const account = await connectSandboxWallet(page)
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid App Configuration' })
  await expect(alert).toContainText('allow-list')
  await alert.getByRole('button', { name: 'Dismiss' }).click()
  const refused = sandbox.catalogue.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/e')).length
  expect(refused).toBe(1)

  await account.getByTestId('account-network-button').click()
  await page
    .getByRole('dialog', { name: 'Choose network' })
    .getByRole('button', { name: /Portico Local B/ })
    .click()
  await expect(account.getByTestId('account-network')).toHaveText('Portico Local B')
  await account.getByRole('button', { name: /Disconnect/ }).click()
  await page.waitForTimeout(QUIET_MS) // nothing to wait for: see QUIET_MS
  await expect(alert).toHaveCount(0)
  expect(sandbox.catalogue.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/e'))).toHaveLength(refused)
  expect(await sink()).toEqual([])
})

test('events made offline arrive after the network returns', async ({ page, context }) => {
  await page.goto('/')
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await expect.poll(async () => names(await sink())).toContain('CONNECT_SUCCESS')
  const before = (await sink()).length

  await context.setOffline(true)
  await page.keyboard.press('Escape')
  await expect(account).toBeHidden()
  await page
    .getByRole('button', { name: /0xf39F/i })
    .first()
    .click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  expect(await sink()).toHaveLength(before)

  const online = Date.now()
  await context.setOffline(false)
  await expect.poll(async () => names((await sink()).slice(before))).toEqual(['MODAL_CLOSE', 'MODAL_OPEN'])
  // Made while offline, held, and arrived only once the network was back.
  for (const stored of (await sink()).slice(before)) {
    expect(stored.event.timestamp).toBeLessThan(online)
    expect(stored.receivedAt).toBeGreaterThanOrEqual(online)
  }
  for (const stored of (await sink()).slice(before)) expect(stored.event.props.address?.toLowerCase()).toBe(WALLET.toLowerCase())
})
