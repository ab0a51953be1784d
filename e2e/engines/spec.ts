import type { Sandbox } from '@portico/sandbox'
import { classifyRpcMethod } from '@portico/shared-types/embedded'
import { expect } from '@playwright/test'
import { restPointerOn } from '../../frame-service/test/approval-pointer.ts'
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

/**
 * A click whose effect is awaited, made once more if it did not take: the Account view may still be
 * laying out (its balance and tokens arrive) when the button is first found, and a click that
 * landed beside it is made again where the button now is.
 */
export async function clickUntil(page: EnginePage, button: Target, effect: (timeout?: number) => Promise<unknown>) {
  await page.click(button)
  const took = await effect(7_500).then(
    () => true,
    () => false,
  )
  if (!took && (await page.count(button)) > 0) await page.click(button)
  await effect()
}

/** From the Account view: a click on its button `label`, until the modal shows `title`. */
export async function openView(page: EnginePage, label: string, title = label) {
  await clickUntil(page, { css: `${MODAL} button`, text: label }, (timeout) => waitForView(page, title, timeout))
}

/** From the Account view: Switch to EOA (the embedded user's key itself); answers the EOA's address. */
export async function switchToEoa(page: EnginePage): Promise<`0x${string}`> {
  const type = `${MODAL} [data-testid="account-type"]`
  await clickUntil(page, { css: `${MODAL} button`, text: 'Switch to EOA' }, (timeout) => page.waitFor(type, { text: /^EOA/, timeout }))
  const address = await shownAddress(page)
  await page.waitFor('[data-testid="dapp-status"]', { text: new RegExp(`^Connected ${address} on `) })
  return address
}

/**
 * A visitor's click on an approval's button (the frame's, the approval window's), which arms only
 * once the pointer has rested on it: the pointer moves onto the button and stays there until the
 * button is armed (no `data-blocked`; restPointerOn, shared with the Chromium tests), then clicks
 * where it rests. `beforeClick` runs between the rest and the click (an attacker's last move).
 */
export async function visitorClick(page: EnginePage, target: Target, { beforeClick }: { beforeClick?: () => Promise<unknown> } = {}) {
  const button = {
    boundingBox: () => page.rect(target).catch(() => null),
    getAttribute: (name: string) => page.attribute(target, name),
  }
  await restPointerOn(page, button)
  const box = await page.rect(target)
  await beforeClick?.()
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
}

/** The unsafe methods (signatures, transactions) the frame service was asked to run since `before`. */
export function unsafeCalls(sandbox: Sandbox, before: number): string[] {
  return sandbox.frame
    .rpcMethods()
    .slice(before)
    .map((r) => r.method)
    .filter((m) => classifyRpcMethod(m) !== 'safe')
}
