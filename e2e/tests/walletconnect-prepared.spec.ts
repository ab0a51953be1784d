import type { Sandbox } from '@portico/sandbox'
import { expect, recordConsoleErrors, test } from '../fixtures.ts'
import { E2E_URLS } from '../ports.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The relay sockets the dapp's origin holds open (the phone wallet's are on its own origin). */
const dappClients = (sandbox: Sandbox) => sandbox.relay.connections().filter((c) => c.origin === E2E_URLS.demo)

/** The pairing proposals the dapp's client sent the relay since `from`: one per URI made. */
function proposals(sandbox: Sandbox, from: number): number {
  const ids = new Set(dappClients(sandbox).map((c) => c.clientId))
  return sandbox.relay.requests().filter((r) => r.method === 'wc_proposeSession' && r.time >= from && ids.has(r.clientId)).length
}

test('the pairing is made when Connect opens, never at load: the QR code shows it at once, a URI called off never shows again, and the Sandbox Phone Wallet connects with the one made ahead', async ({ page, context, sandbox }) => {
  const errors = recordConsoleErrors(page)
  const started = Date.now()
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
  // Before the visitor acts: no relay socket, no pairing.
  expect(dappClients(sandbox)).toHaveLength(0)

  // The Connect view opening is the intent: the core opens its socket and makes one pairing.
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(connect).toBeVisible()
  await expect.poll(() => dappClients(sandbox).length).toBe(1)
  await expect.poll(() => proposals(sandbox, started)).toBe(1)

  // The QR code shows that one: the click makes no pairing of its own.
  await connect.getByRole('button', { name: 'WalletConnect', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
  const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' })
  await expect(qr).toHaveAttribute('data-qr-value', /^wc:[0-9a-f]{64}@2\?/)
  const shown = (await qr.getAttribute('data-qr-value'))!
  expect(proposals(sandbox, started)).toBe(1)

  // Back to Connect: the URI shown is called off and a new one is made ready; the next QR code shows it.
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(connect).toBeVisible()
  await expect.poll(() => proposals(sandbox, started)).toBe(2)
  await connect.getByRole('button', { name: 'WalletConnect', exact: true }).click()
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
  await phone.getByRole('dialog', { name: /Sign a message/ }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^Signed: 0x/)
  expect(errors()).toEqual([])
})
