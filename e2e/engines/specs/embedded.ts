import { expect } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { createPublicClient, formatEther, http, parseEther, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mailbox } from '../../embedded.ts'
import { poll } from '../engine.ts'
import type { Spec } from '../spec.ts'
import { APPROVAL_FRAME, DEMO_MESSAGE, MODAL, freshEmail, loginWithEmail, visitorClick, openView, switchToEoa, unsafeCalls, waitForView } from '../spec.ts'

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

      await openView(page, 'Passkeys')
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
  {
    name: 'the authenticator app, set up in the panel window; a large send six minutes on asks the frame for its code, and the approval window sends once it is typed',
    timeout: 120_000,
    async run({ page, sandbox, urls }) {
      await page.goto(`${urls.demo}/`)
      await loginWithEmail(page, sandbox, freshEmail('engines-totp'))
      await switchToEoa(page)
      const frameOrigin = new URL(sandbox.frame.url).origin
      await openView(page, 'Passkeys')
      await page.click({ css: `${MODAL} button`, text: 'Set up an authenticator app' })
      await visitorClick(page, PANEL_OPEN_WINDOW)

      // In the window: the key as text (the QR code's secret), a code of the app turns it on, ten recovery codes shown there.
      const panel = await page.waitForWindow(`${frameOrigin}/panel`)
      const secret = (await panel.text('[data-testid="totp-secret"]')).replace(/\s+/g, '')
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      const app = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) })
      // The code of the service's clock (the sandbox's, moved on below and by earlier tests).
      const codeNow = () => app.generate({ timestamp: sandbox.frame.clock.now() })
      await panel.fill('[data-testid="totp-code"]', codeNow())
      await visitorClick(panel, '[data-testid="totp-enable"]')
      await panel.waitFor('[data-testid="recovery-codes"] li')
      expect(await panel.count('[data-testid="recovery-codes"] li')).toBe(10)
      await visitorClick(panel, '[data-testid="recovery-done"]')
      await page.waitFor(`${MODAL} [data-testid="totp-status"]`, { text: 'Authenticator app: on' })

      // Six minutes on (the service's clock), 0.5 ETH (1,500 USD; the sandbox asks from 1,000) needs a fresh factor.
      sandbox.frame.clock.advance(6 * 60_000)
      await page.click({ css: `${MODAL} button[aria-label="Back"]` })
      await waitForView(page, 'Account')
      await openView(page, 'Send')
      const receiver = privateKeyToAccount(generatePrivateKey()).address
      await page.fill(`${MODAL} input[placeholder="0.0"]`, '0.5')
      await page.fill(`${MODAL} input[spellcheck="false"]`, receiver)
      await page.click({ css: `${MODAL} button`, text: 'Review' })
      // The Review step's simulated balance change first; its Send takes a click once it is enabled.
      await page.waitFor(`${MODAL} [data-testid="preview-change"]`, { text: '−0.5 ETH' })
      const send = { css: `${MODAL} .portico-actions button`, text: 'Send' }
      await poll(
        () => 'an enabled Send',
        15_000,
        async () => ((await page.attribute(send, 'disabled')) === null ? true : undefined),
      )
      await page.click(send)
      await visitorClick(page, OPEN_WINDOW)
      const approval = await page.waitForWindow(`${frameOrigin}/approval`)
      await visitorClick(approval, '[data-testid="approval-window-approve"]')

      // The service refuses without a fresh factor: the frame says so with a field for the app's code; nothing is sent.
      await page.waitFor({ css: '[data-testid="approval-needs"]', frame: APPROVAL_FRAME }, { text: 'Confirm it is you first: sign in again or use your passkey' })
      const chain = createPublicClient({ transport: http(urls.chainA) })
      expect(await chain.getBalance({ address: receiver })).toBe(0n)
      await page.fill({ css: '[data-testid="approval-step-up-code"]', frame: APPROVAL_FRAME }, codeNow())
      await visitorClick(page, OPEN_WINDOW)
      const again = await page.waitForWindow(`${frameOrigin}/approval`)
      await visitorClick(again, '[data-testid="approval-window-approve"]')
      await poll(
        () => `0.5 ETH at ${receiver}`,
        30_000,
        async () => ((await chain.getBalance({ address: receiver })) === parseEther('0.5') ? true : undefined),
      )
      await page.waitFor(APPROVAL_FRAME, { state: 'hidden' })
    },
  },
]
