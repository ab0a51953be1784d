import { restPointerOn } from '../../frame-service/test/approval-pointer.ts'
import { verifyMessage } from 'viem'
import { expect, test } from '../fixtures.ts'
import { APPROVAL_FRAME, freshEmail, loginWithEmail, switchToEoa } from '../embedded.ts'

/** What the demo's "Sign a message" asks to sign. */
const MESSAGE = 'Hello from the Portico demo'

/**
 * An engine without IntersectionObserver v2 (Firefox, WebKit), played in Chromium by taking
 * `isVisible` away in the frame's documents: the frame cannot show that it is fully visible, so the
 * request is approved in the Portico Wallet's own top-level window (frame-service/src/page/approval.ts).
 */
test('without IntersectionObserver v2 the demo’s "Sign a message" is approved in the Portico Wallet window: the modal says so, the frame has no Approve, the window’s rested click signs the shown text', async ({
  demo: page,
  sandbox,
}) => {
  test.setTimeout(120_000)
  const frameOrigin = new URL(sandbox.frame.url).origin
  await page.context().addInitScript((origin) => {
    if (location.origin === origin) delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
  }, frameOrigin)
  await page.reload()
  await loginWithEmail(page, sandbox, freshEmail('window'))
  const address = await switchToEoa(page)
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog', { name: 'Sign Message' })
  await expect(dialog.getByTestId('approve-in-frame')).toHaveText('Approve in the Portico Wallet window')
  await expect(dialog.getByTestId('approve-in-frame')).toHaveAttribute('data-where', 'window')
  await expect(page.locator(APPROVAL_FRAME)).toBeVisible()
  const frame = page.frameLocator(APPROVAL_FRAME)
  await expect(frame.getByTestId('approval-summary')).toHaveText('Sign this message')
  // Neither the modal nor the frame has an Approve: only the window has.
  await expect(dialog.getByRole('button', { name: 'Approve' })).toHaveCount(0)
  await expect(frame.getByTestId('approval-approve')).toHaveCount(0)

  const open = frame.getByTestId('approval-open-window')
  await restPointerOn(page, open)
  const opening = page.context().waitForEvent('page')
  await open.click()
  const popup = await opening
  expect(new URL(popup.url()).origin).toBe(frameOrigin)
  await expect(popup.getByTestId('approval-message')).toHaveText(MESSAGE)
  await expect(popup.getByTestId('approval-requester')).toHaveText(`Requested by ${new URL(page.url()).origin}`)
  const approve = popup.getByTestId('approval-window-approve')
  await restPointerOn(popup, approve)
  const closed = popup.waitForEvent('close')
  await approve.click()
  await closed

  const result = page.getByTestId('sign-result')
  await expect(result).toHaveText(/^Signed: 0x/)
  const signature = (await result.getAttribute('data-signature')) as `0x${string}`
  expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
})
