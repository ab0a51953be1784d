import { expect } from '@playwright/test'
import { createPublicClient, formatEther, http, verifyMessage } from 'viem'
import type { Spec } from '../spec.ts'
import { APPROVAL_FRAME, DEMO_MESSAGE, MODAL, freshEmail, loginWithEmail, visitorClick, switchToEoa, unsafeCalls, waitForView } from '../spec.ts'

/** The frame's button that opens its approval window, in engines without IntersectionObserver v2. */
export const OPEN_WINDOW = { css: '[data-testid="approval-open-window"]', frame: APPROVAL_FRAME }

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
]
