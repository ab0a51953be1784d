import type { Page } from '@playwright/test'
import { mailboxMessageSchema, type Sandbox } from '@portico/sandbox'
import { restPointerOn } from '../frame-service/test/approval-pointer.ts'
import { expect } from './fixtures.ts'

/** The mailbox's JSON (GET /mailbox/messages?to=EMAIL), newest last. */
const mailboxSchema = mailboxMessageSchema.array()

let serial = 0
/** An address no other test of this sandbox used. */
export function freshEmail(label = 'visitor'): string {
  serial += 1
  return `${label}-${Date.now().toString(36)}-${serial}@example.org`
}

export async function mailbox(sandbox: Sandbox, to: string) {
  const res = await fetch(`${sandbox.frame.mail.url}/mailbox/messages?to=${encodeURIComponent(to)}`)
  expect(res.ok).toBe(true)
  return mailboxSchema.parse(await res.json())
}

/** The newest six-digit code mailed to `to` after `count` messages were there. */
export async function codeFor(sandbox: Sandbox, to: string, after = 0): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const messages = await mailbox(sandbox, to)
      const match = messages.length > after ? /\b(\d{6})\b/.exec(messages[messages.length - 1]!.text) : null
      code = match?.[1] ?? ''
      return code
    })
    .toMatch(/^\d{6}$/)
  return code
}

/** The device-confirmation link mailed to `to`. */
export async function deviceLinkFor(sandbox: Sandbox, to: string): Promise<string> {
  let link = ''
  await expect
    .poll(async () => {
      const messages = await mailbox(sandbox, to)
      link =
        messages
          .map((m) => /(http\S+\/device\/confirm\?token=\S+)/.exec(m.text)?.[1])
          .filter(Boolean)
          .pop() ?? ''
      return link
    })
    .not.toBe('')
  return link
}

/** Opens Connect and sends the login email, as a visitor does: the Email field, then Enter. */
export async function startEmailLogin(page: Page, email: string) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const field = dialog.getByRole('textbox', { name: /Email/ })
  await field.fill(email)
  await field.press('Enter')
  return dialog
}

/** Logs in with a new email: the code is read from the mailbox and typed. Answers the Account dialog. */
export async function loginWithEmail(page: Page, sandbox: Sandbox, email: string) {
  const before = (await mailbox(sandbox, email)).length
  await startEmailLogin(page, email)
  const code = await codeFor(sandbox, email, before)
  await page.getByRole('dialog', { name: 'Email' }).getByRole('textbox', { name: 'Code' }).fill(code)
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-embedded-user')).toContainText(email)
  return account
}

/**
 * Switches the embedded user from its smart account (the default on eip155, SPEC.md §4) to the key's
 * EOA in the Account view, for the tests of the EOA's own path. Answers the EOA's address.
 */
export async function switchToEoa(page: Page): Promise<`0x${string}`> {
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: 'Switch to EOA' }).click()
  await expect(account.getByTestId('account-type')).toHaveText('EOA')
  const address = await shownAddress(page)
  await expect(page.getByTestId('dapp-status')).toHaveText(new RegExp(`^Connected ${address} on `))
  return address
}

/** The connected address the Account view shows (in full in its title). */
export async function shownAddress(page: Page): Promise<`0x${string}`> {
  const address = await page.getByRole('dialog', { name: 'Account' }).getByTestId('account-address').getAttribute('title')
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return address as `0x${string}`
}

/** The embedded wallet's frame laid over ApproveTransaction, where its approval is shown. */
export const APPROVAL_FRAME = 'iframe.portico-embedded-frame.portico-frame-shown'

/**
 * The frame's approval once it is shown and armed: the frame saw itself fully visible and still for
 * 500 ms, and the visitor's pointer rested on Approve for 500 ms (frame-service/src/page/approval.ts),
 * so its Approve takes a click. A locator inside the frame's own document; the mouse stays on Approve.
 */
export async function approvalFrame(page: Page) {
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  await restPointerOn(page, frame.getByRole('button', { name: 'Approve' }))
  return frame
}

/** Logs a new email user in on the demo's Solana Localnet (`/?solana=1`): answers the Account dialog and the Solana address it shows. */
export async function loginOnSolana(page: Page, sandbox: Sandbox, email: string) {
  await page.goto('/?solana=1')
  const before = (await mailbox(sandbox, email)).length
  await startEmailLogin(page, email)
  await page
    .getByRole('dialog', { name: 'Email' })
    .getByRole('textbox', { name: 'Code' })
    .fill(await codeFor(sandbox, email, before))
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-embedded-user')).toContainText(email)
  const address = await account.getByTestId('account-address').getAttribute('title')
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  return { account, address: address! }
}
