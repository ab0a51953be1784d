import type { Page } from '@playwright/test'
import type { Sandbox } from '@portico/sandbox'
import { WALLET_CONNECT_NEAR_PX } from '@portico/shared-types/constants'
import { allCaches, expect, recordConsoleErrors, test, waitForServiceWorker } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** WalletConnect's code: the core's client, and the page's QR view with its encoder. */
const WALLET_CONNECT_CODE = /\/assets\/(universalProvider|ConnectingWalletConnectView|QrCode)-[^/]*\.js$/

/** The relay sockets the dapp's origin holds open (the phone wallet's are on its own origin). */
const dappClients = (sandbox: Sandbox) => sandbox.relay.connections().filter((c) => c.origin === E2E_URLS.demo)

/** The pairing proposals the dapp's client sent the relay since `from`: one per URI made. */
function proposals(sandbox: Sandbox, from: number): number {
  const ids = new Set(dappClients(sandbox).map((c) => c.clientId))
  return sandbox.relay.requests().filter((r) => r.method === 'wc_proposeSession' && r.time >= from && ids.has(r.clientId)).length
}

/**
 * WalletConnect's files fetched so far, by the page (its requests) or by the core's worker: the
 * service worker keeps every hashed file the page or the worker fetched in its assets cache (handed
 * over when fetched before it was there), so the worker's client chunk shows there once loaded.
 */
async function walletConnectFetched(page: Page, seen: readonly string[]): Promise<string[]> {
  const kept = Object.entries(await allCaches(page))
    .filter(([name]) => name.startsWith('portico-assets-v1-'))
    .flatMap(([, urls]) => urls)
  return [...new Set([...seen, ...kept].map((u) => new URL(u).pathname).filter((p) => WALLET_CONNECT_CODE.test(p)))].sort()
}

/** Moves the mouse from where it is to (x, y) in `steps` moves, as a hand would (the browser sees each). */
async function moveTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 10) {
  for (let i = 1; i <= steps; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps)
}

test('opening Connect fetches nothing of WalletConnect and opens no relay socket; the pointer nearing the WalletConnect row makes one pairing, the QR code shows it, a URI called off never shows again, and the Sandbox Phone Wallet connects with the one made ahead', async ({
  page,
  context,
  sandbox,
}) => {
  const errors = recordConsoleErrors(page)
  const seen: string[] = []
  page.on('request', (request) => seen.push(request.url()))
  const started = Date.now()
  await page.goto('/')
  const button = page.getByRole('button', { name: 'Connect Wallet' })
  await expect(button).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
  // Before the visitor acts: no relay socket, no pairing.
  expect(dappClients(sandbox)).toHaveLength(0)

  // Opening Connect is no intent on a first visit: the pointer rests on the Connect Wallet button.
  await button.click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  const row = connect.getByRole('button', { name: 'WalletConnect', exact: true })
  await expect(row).toBeVisible()
  await waitForServiceWorker(page, { intent: false })
  await page.waitForTimeout(1500)
  expect(dappClients(sandbox)).toHaveLength(0)
  expect(await walletConnectFetched(page, seen)).toEqual([])

  // The pointer moves toward the row; far from it (the dialog's title), still nothing.
  const from = (await button.boundingBox())!
  const box = (await row.boundingBox())!
  const title = (await connect.getByRole('heading', { name: 'Connect Wallet' }).boundingBox())!
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 }
  const far = { x: title.x + title.width / 2, y: title.y + title.height / 2 }
  expect(far.y).toBeLessThan(box.y - WALLET_CONNECT_NEAR_PX)
  await moveTo(page, start, far)
  await page.waitForTimeout(500)
  expect(dappClients(sandbox)).toHaveLength(0)
  // Within WALLET_CONNECT_NEAR_PX of its box (and not yet on it): the core loads its client, opens its
  // socket and makes one pairing; the page fetches the QR view's code.
  const near = { x: box.x + box.width / 3, y: box.y - WALLET_CONNECT_NEAR_PX / 2 }
  await moveTo(page, far, near)
  await expect.poll(() => dappClients(sandbox).length).toBe(1)
  await expect.poll(() => proposals(sandbox, started)).toBe(1)
  await expect
    .poll(() => walletConnectFetched(page, seen))
    .toEqual([expect.stringMatching(/ConnectingWalletConnectView-/), expect.stringMatching(/QrCode-/), expect.stringMatching(/universalProvider-/)])

  // The QR code shows that one: the click makes no pairing of its own.
  await moveTo(page, near, { x: box.x + box.width / 3, y: box.y + box.height / 2 }, 3)
  await page.mouse.down()
  await page.mouse.up()
  const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
  const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' })
  await expect(qr).toHaveAttribute('data-qr-value', /^wc:[0-9a-f]{64}@2\?/)
  const shown = (await qr.getAttribute('data-qr-value'))!
  expect(proposals(sandbox, started)).toBe(1)

  // Back to Connect: the URI shown is called off and a new one is made ready; the next QR code shows it.
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(connect).toBeVisible()
  await expect.poll(() => proposals(sandbox, started)).toBe(2)
  await row.click()
  await expect(qr).toHaveAttribute('data-qr-value', /^wc:/)
  const next = (await qr.getAttribute('data-qr-value'))!
  expect(next).not.toBe(shown)
  expect(proposals(sandbox, started)).toBe(2)

  // The phone wallet pairs with the URI made ahead and the dapp connects through it.
  const phone = await context.newPage()
  await phone.goto(`${sandbox.phoneWallet.url}/`)
  await expect(phone.getByRole('heading', { name: 'Sandbox Phone Wallet' })).toBeVisible()
  await phone.getByLabel('WalletConnect link').fill(next)
  await phone.getByRole('button', { name: 'Connect', exact: true }).click()
  const prompt = phone.getByRole('dialog', { name: 'Connect to Portico demo?' })
  await prompt.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${ACCOUNT_0} on Portico Local`)
  expect(dappClients(sandbox)).toHaveLength(1)

  // The session works: personal_sign round-trips through the phone.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeHidden()
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await phone
    .getByRole('dialog', { name: /Sign a message/ })
    .getByRole('button', { name: 'Approve' })
    .click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  expect(errors()).toEqual([])
})

test('focus on the WalletConnect row makes a pairing ready; once the core has its client, another tab opening Connect prepares at once, with the pointer far away', async ({
  page,
  context,
  sandbox,
}) => {
  const started = Date.now()
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const row = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true })
  await expect(row).toBeVisible()
  await page.waitForTimeout(500)
  expect(dappClients(sandbox)).toHaveLength(0)
  await row.focus()
  await expect.poll(() => proposals(sandbox, started)).toBe(1)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  // A second tab shares the core: its Connect view opening is enough (the client costs no download
  // now), so it fetches the QR view's code at once; the pairing made ahead, unshown, is the one kept.
  const second = await context.newPage()
  const seen: string[] = []
  second.on('request', (request) => seen.push(new URL(request.url()).pathname))
  await second.goto('/')
  await second.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(second.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true })).toBeVisible()
  await expect.poll(() => seen.filter((p) => /\/assets\/ConnectingWalletConnectView-[^/]*\.js$/.test(p)).length).toBe(1)
  expect(proposals(sandbox, started)).toBe(1)
  expect(dappClients(sandbox)).toHaveLength(1)
})
