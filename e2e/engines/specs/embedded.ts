import { expect } from '@playwright/test'
import { createPublicClient, formatEther, http, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mailbox } from '../../embedded.ts'
import { poll } from '../engine.ts'
import type { Spec } from '../spec.ts'
import { APPROVAL_FRAME, DEMO_MESSAGE, MODAL, freshEmail, loginWithEmail, visitorClick, switchToEoa, unsafeCalls, waitForView } from '../spec.ts'

/** The frame's button that opens its approval window, in engines without IntersectionObserver v2. */
export const OPEN_WINDOW = { css: '[data-testid="approval-open-window"]', frame: APPROVAL_FRAME }
/** The frame's button that continues a settings panel in its own window, in engines without IntersectionObserver v2. */
export const PANEL_OPEN_WINDOW = { css: '[data-testid="panel-open-window"]', frame: APPROVAL_FRAME }

export const embeddedSpecs: Spec[] = [
  {
    name: 'email login: the code from the mailbox connects; the Account view shows the address and its balance',
    async run({ page, sandbox, urls }) {
      await page.goto(`${urls.demo}/`)
      const email = freshEmail('engines-login')
      const address = await loginWithEmail(page, sandbox, email)
      await page.waitFor('[data-testid="dapp-status"]', { text: `Connected ${address} on Portico Local` })
      // The balance shown is the chain's, to two decimals.
      const onChain = await createPublicClient({ transport: http(urls.chainA) }).getBalance({ address })
      const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(formatEther(onChain)))
      await page.waitFor(`${MODAL} [data-testid="account-balance"]`, { text: new RegExp(`^${twoDecimals.replace('.', '\\.')} ETH$`) })
      await page.waitFor({ css: `${MODAL} button`, text: 'Sign out' })
    },
  },
  {
    name: 'a signed message: the frame opens its approval window on a click; Approve there signs exactly the shown text, which verifies for the shown address',
    async run({ page, sandbox, urls }) {
      await page.goto(`${urls.demo}/`)
      await loginWithEmail(page, sandbox, freshEmail('engines-sign'))
      const address = await switchToEoa(page)
      await page.press('Escape')
      await page.waitFor(MODAL, { state: 'hidden' })
      const before = sandbox.frame.rpcMethods().length
      const frameOrigin = new URL(sandbox.frame.url).origin

      await page.click({ css: 'button', text: 'Sign a message' })
      await waitForView(page, 'Sign Message')
      await page.waitFor(`${MODAL} [data-testid="approve-in-frame"]`, { text: 'Approve in the Portico Wallet window' })
      // This engine cannot show the frame is fully visible (no IntersectionObserver v2): the frame has no
      // Approve of its own, only the button to its window, which takes a click once the pointer rested on it.
      await page.waitFor(OPEN_WINDOW)
      expect(await page.count({ css: '#approval-approve', frame: APPROVAL_FRAME })).toBe(0)
      await visitorClick(page, OPEN_WINDOW)

      const approval = await page.waitForWindow(`${frameOrigin}/approval`)
      const shown = await approval.text('[data-testid="approval-message"]')
      expect(shown).toBe(DEMO_MESSAGE)
      expect(unsafeCalls(sandbox, before)).toEqual([])
      await visitorClick(approval, '[data-testid="approval-window-approve"]')

      await page.waitFor('[data-testid="sign-result"]', { text: /^Signed: 0x/, timeout: 20_000 })
      const signature = (await page.attribute('[data-testid="sign-result"]', 'data-signature')) as `0x${string}`
      expect(await verifyMessage({ address, message: shown, signature })).toBe(true)
      expect(unsafeCalls(sandbox, before)).toEqual(['personal_sign'])
      await page.waitFor(APPROVAL_FRAME, { state: 'hidden' })
    },
  },
  {
    name: 'key export: the frame continues in its own panel window on a click; the key shown there derives the address and reaches nothing of the page',
    async run({ page, sandbox, urls }) {
      await page.goto(`${urls.demo}/`)
      const email = freshEmail('engines-export')
      await loginWithEmail(page, sandbox, email)
      const address = await switchToEoa(page)
      const frameOrigin = new URL(sandbox.frame.url).origin
      const exported = async () => (await mailbox(sandbox, email)).filter((m) => m.subject === 'Your Portico wallet key was exported').length

      await page.click({ css: `${MODAL} button`, text: 'Passkeys' })
      await waitForView(page, 'Passkeys')
      await page.click({ css: `${MODAL} button`, text: 'Export EVM private key' })
      // No IntersectionObserver v2 here: the frame's panel has no Show private key, only the button to its window.
      await page.waitFor(PANEL_OPEN_WINDOW)
      expect(await page.count({ css: '[data-testid="export-show"]', frame: APPROVAL_FRAME })).toBe(0)
      await visitorClick(page, PANEL_OPEN_WINDOW)

      const panel = await page.waitForWindow(`${frameOrigin}/panel`)
      await panel.waitFor('[data-testid="export-show"]')
      expect(await panel.attribute('[data-testid="export-show"]', 'disabled')).not.toBeNull()
      await panel.click('[data-testid="panel-confirm"]')
      await visitorClick(panel, '[data-testid="export-show"]')
      const key = (await panel.text('[data-testid="export-key"]')) as `0x${string}`
      expect(key).toMatch(/^0x[0-9a-f]{64}$/)
      expect(privateKeyToAccount(key).address).toBe(address)
      await visitorClick(panel, '[data-testid="export-done"]')

      await page.waitFor(`${MODAL} [data-testid="passkeys-status"]`, { text: 'The key was shown in the wallet’s secure window.' })
      await poll(
        () => 'the mail that says the key was exported',
        15_000,
        async () => ((await exported()) === 1 ? true : undefined),
      )
      const seen = await page.evaluate(() => document.documentElement.outerHTML + JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
      expect(seen.toLowerCase()).not.toContain(key.slice(2).toLowerCase())
      await page.waitFor(APPROVAL_FRAME, { state: 'hidden' })
    },
  },
]
