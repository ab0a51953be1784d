/**
 * For browser tests of the embedded wallet's approval (frame-service's own and e2e/): the pointer
 * rests on a button the way a visitor's does, so the approval arms (see page/approval.ts: Approve
 * takes a pointer's click only once the pointer has rested on the approval for 500 ms since the
 * frame was last still). Typed structurally: playwright-core's and @playwright/test's pages and
 * locators both fit.
 */

type Box = { x: number; y: number; width: number; height: number }
/** A page's mouse (coordinates in the top-level page, where a locator's box is measured). */
export type PointerPage = { mouse: { move(x: number, y: number, options?: { steps?: number }): Promise<void> } }
/** A button inside the frame's or the approval window's document. */
export type ApprovalButton = { boundingBox(options?: { timeout?: number }): Promise<Box | null>; getAttribute(name: string, options?: { timeout?: number }): Promise<string | null> }

/** The middle of a locator's box, in the page's coordinates. */
async function middleOf(button: ApprovalButton, timeout: number): Promise<{ x: number; y: number } | null> {
  const box = await button.boundingBox({ timeout }).catch(() => null)
  return box && box.width > 0 && box.height > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null
}

/**
 * Moves the mouse onto `button` and keeps it there until the button is armed (no `data-blocked`),
 * following the button if the page lays the frame out again meanwhile. Throws with the last reason
 * after `timeout` ms.
 */
export async function restPointerOn(page: PointerPage, button: ApprovalButton, timeout = 20_000): Promise<void> {
  const deadline = Date.now() + timeout
  let reason: string | null = 'not shown'
  for (;;) {
    const middle = await middleOf(button, Math.max(deadline - Date.now(), 1))
    if (middle) {
      await page.mouse.move(middle.x, middle.y, { steps: 2 })
      reason = await button.getAttribute('data-blocked', { timeout: Math.max(deadline - Date.now(), 1) }).catch(() => 'not shown')
      if (reason === null) return
    }
    if (Date.now() > deadline) throw new Error(`The approval's button did not arm with the pointer resting on it (data-blocked: ${reason})`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Moves the mouse off any approval (to the page's top-left corner): nothing rests on it. */
export async function pointerAway(page: PointerPage): Promise<void> {
  await page.mouse.move(1, 1)
}
