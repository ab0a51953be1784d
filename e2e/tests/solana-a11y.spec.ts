// The axe walk of the Solana views, both themes: Account on Solana Localnet, Networks, Send with the rent of the
// receiver's new token account and its simulated Review, Receive's Solana Pay code, and the embedded wallet's
// Solana approval in the frame's own document.
import type { Page } from '@playwright/test'
import { generateKeyPairSigner } from '@solana/kit'
import { axeViolations, frameViolations } from '../axe.ts'
import { approvalFrame, freshEmail, loginOnSolana } from '../embedded.ts'
import { expect, test } from '../fixtures.ts'

/** axe on the open dialog named `name`, in `theme`. */
async function scan(page: Page, name: string, theme: string) {
  await expect(page.getByRole('dialog', { name, exact: true })).toBeVisible()
  await expect(page.locator('.portico-root')).toHaveAttribute('data-theme', theme)
  expect(await axeViolations(page), `axe on ${name} on Solana (${theme})`).toEqual([])
}

/** The demo on Solana Localnet in `theme` (the browser asks for light; the demo's button turns the modal dark). */
async function openSolanaDemo(page: Page, theme: 'light' | 'dark') {
  await page.goto('/?solana=1')
  if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()
}

for (const theme of ['light', 'dark'] as const) {
  test(`the Solana views pass axe-core with 0 violations (${theme} theme): Account, Networks, Send with rent, Review, Receive`, async ({ page, sandbox: _ }) => {
    test.setTimeout(120_000)
    await openSolanaDemo(page, theme)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
    const account = page.getByRole('dialog', { name: 'Account' })
    const usdcRow = account.getByTestId('account-token').filter({ hasText: 'USDC' })
    await expect(usdcRow).toContainText('USDC')
    await expect(account.getByTestId('account-balance')).toHaveText(/ SOL$/)
    await scan(page, 'Account', theme)

    await account.getByTestId('account-network-button').click()
    await expect(page.getByRole('dialog', { name: 'Choose network' }).getByRole('button', { name: /Solana Localnet/ })).toBeVisible()
    await scan(page, 'Choose network', theme)
    await page.getByRole('button', { name: 'Back' }).click()

    // Send to a fresh address: its USDC account does not exist, so the rent row shows; then the simulated Review.
    await usdcRow.getByRole('button', { name: 'Send USDC' }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByRole('textbox', { name: /Amount/ }).fill('1.5')
    await send.getByRole('textbox', { name: /Recipient/ }).fill((await generateKeyPairSigner()).address)
    await expect(send.getByTestId('send-rent-note')).toContainText('has no USDC account yet')
    await scan(page, 'Send', theme)
    await send.getByRole('button', { name: 'Review' }).click()
    await expect(send.getByTestId('preview-change').filter({ hasText: 'USDC' })).toHaveText(/^−1\.5 USDC/)
    await scan(page, 'Send', theme)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /oeYf/ }).first().click()
    await account.getByRole('button', { name: 'Receive' }).click()
    const receive = page.getByRole('dialog', { name: 'Receive' })
    await expect(receive.getByTestId('receive-address')).toContainText('oeYf')
    await expect(receive.locator('svg, canvas, img').first()).toBeVisible()
    await scan(page, 'Receive', theme)
  })

  test(`the embedded wallet's Solana approval passes axe-core in the frame's document (${theme} theme)`, async ({ page, sandbox }) => {
    test.setTimeout(120_000)
    const { account } = await loginOnSolana(page, sandbox, freshEmail(`solana-a11y-${theme}`))
    if (theme === 'dark') {
      await page.keyboard.press('Escape')
      await page.getByRole('button', { name: 'Dark theme' }).click()
      await page.getByRole('button', { name: /…/ }).first().click()
    }
    await expect(account.getByTestId('account-balance')).toHaveText(/^10(\.0+)? SOL$/)
    await scan(page, 'Account', theme)
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Sign a message' }).click()
    const frame = await approvalFrame(page)
    await expect(frame.getByTestId('approval-message')).toHaveText('Hello from the Portico demo')
    const secure = page.frames().find((f) => f.url().startsWith(`${sandbox.frame.url}/frame`))!
    await expect.poll(() => secure.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme)
    expect(await frameViolations(secure), `axe in the frame's Solana message approval (${theme})`).toEqual([])
    await frame.getByRole('button', { name: 'Reject' }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed/)

    // A SOL send: the frame's Solana transaction approval (amount, receiver, fee, simulated changes).
    await page
      .getByRole('button', { name: /Connected|…/ })
      .first()
      .click()
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByRole('textbox', { name: /Amount/ }).fill('0.1')
    await send.getByRole('textbox', { name: /Recipient/ }).fill((await generateKeyPairSigner()).address)
    await send.getByRole('button', { name: 'Review' }).click()
    await send.getByRole('button', { name: 'Send', exact: true }).click()
    const approval = await approvalFrame(page)
    await expect(approval.getByTestId('approval-summary')).toContainText('Send 0.1 SOL')
    expect(await frameViolations(secure), `axe in the frame's Solana transaction approval (${theme})`).toEqual([])
    await approval.getByRole('button', { name: 'Reject' }).focus()
    await page.keyboard.press('Enter')
  })
}
