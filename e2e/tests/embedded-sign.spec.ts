import { verifyMessage } from 'viem'
import { expect, test } from '../fixtures.ts'
import { freshEmail, loginWithEmail, shownAddress } from '../embedded.ts'

/** What the demo's "Sign a message" asks to sign. */
const MESSAGE = 'Hello from the Portico demo'

test('"Sign a message" shows the text in ApproveTransaction; approved, the signature verifies for the shown address, also after a reload', async ({ demo: page, sandbox }) => {
  await loginWithEmail(page, sandbox, freshEmail('sign'))
  const address = await shownAddress(page)
  await page.keyboard.press('Escape')

  for (const round of ['first', 'after reload'] as const) {
    if (round === 'after reload') {
      await page.reload()
      await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
    }
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const approve = page.getByRole('dialog', { name: 'Sign Message' })
    await expect(approve.getByTestId('approve-message')).toHaveText(MESSAGE)
    await expect(approve.getByRole('heading', { name: 'Sign this message' })).toBeVisible()
    await approve.getByRole('button', { name: 'Approve' }).click()
    const result = page.getByTestId('sign-result')
    await expect(result).toHaveText(/^Signed: 0x/)
    const signature = (await result.getAttribute('data-signature')) as `0x${string}`
    expect(await verifyMessage({ address, message: MESSAGE, signature })).toBe(true)
  }
})

test('rejecting in ApproveTransaction signs nothing', async ({ demo: page, sandbox }) => {
  await loginWithEmail(page, sandbox, freshEmail('reject'))
  await page.keyboard.press('Escape')
  const before = sandbox.frame.requests().length
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const approve = page.getByRole('dialog', { name: 'Sign Message' })
  await expect(approve.getByTestId('approve-message')).toHaveText(MESSAGE)
  await approve.getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed: /)
  expect(await page.getByTestId('sign-result').getAttribute('data-signature')).toBeNull()
  // Nothing reached the frame service's signer.
  expect(sandbox.frame.requests().slice(before).filter((r) => r.path === '/api/rpc')).toEqual([])
})
