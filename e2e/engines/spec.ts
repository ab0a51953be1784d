import type { Sandbox } from '@portico/sandbox'
import { classifyRpcMethod } from '@portico/shared-types/embedded'
import { expect } from '@playwright/test'
import { codeFor, mailbox } from '../embedded.ts'
export { freshEmail } from '../embedded.ts'
import type { E2E_URLS } from '../ports.ts'
import { DEFAULT_TIMEOUT, type Engine, type EnginePage, type Target } from './engine.ts'

export type SpecContext = {
  page: EnginePage
  engine: Engine
  sandbox: Sandbox
  urls: typeof E2E_URLS
  /** The folder for the run's screenshots, and this test's name in file form. */
  artifacts: string
  slug: string
}

/** One test, written once, run in every engine. */
export type Spec = { name: string; timeout?: number; run(ctx: SpecContext): Promise<void> }

/** The modal. */
export const MODAL = '.portico-modal'

/** Waits until the modal's title is `title`. */
export async function waitForView(page: EnginePage, title: string, timeout = DEFAULT_TIMEOUT) {
  await page.waitFor({ css: `${MODAL} #portico-title`, text: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }, { timeout })
}

/** The embedded wallet's frame while the page shows it for an approval. */
export const APPROVAL_FRAME = 'iframe.portico-embedded-frame.portico-frame-shown'

/** What the demo's "Sign a message" asks to sign. */
export const DEMO_MESSAGE = 'Hello from the Portico demo'

/**
 * The visitor's email login, as e2e/embedded.ts does it in Chromium: Connect Wallet, the email typed
 * and Enter, the code read from the sandbox's mailbox (through e2e/embedded.ts) and typed. Ends on
 * the Account view showing the email; answers the shown address.
 */
export async function loginWithEmail(page: EnginePage, sandbox: Sandbox, email: string): Promise<`0x${string}`> {
  const before = (await mailbox(sandbox, email)).length
  await page.click({ css: 'button.portico-connect-button', text: 'Connect Wallet' })
  await waitForView(page, 'Connect Wallet')
  await page.fill(`${MODAL} input.portico-email-input`, email)
  await page.press('Enter')
  const code = await codeFor(sandbox, email, before)
  await waitForView(page, 'Email')
  await page.fill(`${MODAL} input.portico-code-input`, code)
  await waitForView(page, 'Account', 30_000)
  await page.waitFor(`${MODAL} [data-testid="account-embedded-user"]`, { text: email })
  return shownAddress(page)
}

/** The connected address the Account view shows (in full in its title). */
export async function shownAddress(page: EnginePage): Promise<`0x${string}`> {
  await page.waitFor(`${MODAL} [data-testid="account-address"]`)
  const address = await page.attribute(`${MODAL} [data-testid="account-address"]`, 'title')
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return address as `0x${string}`
}

/** From the Account view: Switch to EOA (the embedded user's key itself); answers the EOA's address. */
export async function switchToEoa(page: EnginePage): Promise<`0x${string}`> {
  await page.click({ css: `${MODAL} button`, text: 'Switch to EOA' })
  await page.waitFor(`${MODAL} [data-testid="account-type"]`, { text: /^EOA/ })
  const address = await shownAddress(page)
  await page.waitFor('[data-testid="dapp-status"]', { text: new RegExp(`^Connected ${address} on `) })
  return address
}

/**
 * A visitor's click on a button that arms only once the pointer has rested on it (the frame's and the
 * approval window's): once the button has stopped moving (the modal's entrance), the pointer moves
 * onto its centre and stays there while the button says why it waits (`data-blocked`), then clicks
 * where it rests.
 */
export async function restAndClick(page: EnginePage, target: Target, restMs = 700) {
  const t = typeof target === 'string' ? { css: target } : target
  let box = await page.rect(t)
  await expect
    .poll(
      async () => {
        const previous = box
        await new Promise((r) => setTimeout(r, 250))
        box = await page.rect(t)
        return JSON.stringify(box) === JSON.stringify(previous)
      },
      { timeout: 5_000 },
    )
    .toBe(true)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  await new Promise((r) => setTimeout(r, restMs))
  await expect.poll(() => page.attribute(t, 'data-blocked'), { timeout: 5_000 }).toBeNull()
  await page.mouse.click(x, y)
}

/** The unsafe methods (signatures, transactions) the frame service was asked to run since `before`. */
export function unsafeCalls(sandbox: Sandbox, before: number): string[] {
  return sandbox.frame
    .rpcMethods()
    .slice(before)
    .map((r) => r.method)
    .filter((m) => classifyRpcMethod(m) !== 'safe')
}
