import type { Page } from '@playwright/test'
import { axeViolations, frameViolations } from '../axe.ts'
import { expect, recordCspViolations, test } from '../fixtures.ts'
import { APPROVAL_FRAME, approvalFrame, codeFor, freshEmail, mailbox } from '../embedded.ts'

async function scan(page: Page, name: string, theme: string) {
  const dialog = page.getByRole('dialog', { name, exact: true })
  await expect(dialog).toBeVisible()
  expect(await axeViolations(page), `axe on ${name} (${theme})`).toEqual([])
}

for (const theme of ['light', 'dark'] as const) {
  test(`the embedded wallet's views pass axe-core under the strict CSP, by keyboard (${theme} theme)`, async ({ page, sandbox }) => {
    test.setTimeout(120_000)
    const violations = await recordCspViolations(page)
    await page.goto('/')
    if (theme === 'dark') await page.getByRole('button', { name: 'Dark theme' }).click()

    // Social: the popup's waiting view, and its alert once the popup is closed.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await scan(page, 'Connect Wallet', theme)
    const popupOpened = page.waitForEvent('popup')
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Google', exact: true }).click()
    const popup = await popupOpened
    await scan(page, 'Social login', theme)
    await popup.getByRole('textbox', { name: 'Username' }).waitFor()
    await popup.close()
    await expect(page.getByRole('dialog', { name: 'Social login' }).getByRole('alert')).toBeVisible()
    await scan(page, 'Social login', theme)
    await page.getByRole('button', { name: 'Back' }).click()

    // Farcaster: the QR code and link.
    const socials = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('list', { name: 'Social login' })
    await socials.getByRole('button', { name: 'More' }).click()
    await socials.getByRole('button', { name: 'Farcaster', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Farcaster' }).getByRole('link', { name: 'Open in Farcaster' })).toBeVisible({ timeout: 20_000 })
    await scan(page, 'Farcaster', theme)
    await page.getByRole('button', { name: 'Back' }).click()

    // Email by keyboard alone: the field, Enter, the code (focused), then Account.
    const email = freshEmail(`a11y-${theme}`)
    const field = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('textbox', { name: /Email/ })
    for (let i = 0; i < 12 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(field).toBeFocused()
    await page.keyboard.type(email)
    await page.keyboard.press('Enter')
    // The new view's heading has the focus (announced); the code field is the next stop.
    const code = page.getByRole('dialog', { name: 'Email' }).getByRole('textbox', { name: 'Code' })
    await expect(code).toBeVisible()
    for (let i = 0; i < 4 && !(await code.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(code).toBeFocused()
    await scan(page, 'Email', theme)
    await page.keyboard.type(await codeFor(sandbox, email))
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('account-embedded-user')).toContainText(email)
    await scan(page, 'Account', theme)

    // Signed-in devices: the list with this device marked, then back to Account.
    await account.getByRole('button', { name: 'Signed-in devices' }).click()
    await expect(page.getByRole('dialog', { name: 'Signed-in devices' }).getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1)
    await scan(page, 'Signed-in devices', theme)
    await page.screenshot({ path: test.info().outputPath(`devices-${theme}.png`) })
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(account).toBeVisible()

    // Passkeys: none yet, the authenticator app and the exports; then the frame's own "Set up an
    // authenticator app" panel (its QR code, key and code field) in the frame's document, by keyboard.
    await account.getByRole('button', { name: 'Passkeys' }).click()
    const passkeys = page.getByRole('dialog', { name: 'Passkeys' })
    await expect(passkeys.getByTestId('passkeys-empty')).toBeVisible()
    await scan(page, 'Passkeys', theme)
    await passkeys.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const panel = page.frameLocator(APPROVAL_FRAME)
    await expect(panel.getByRole('img', { name: 'Set up an authenticator app' })).toBeVisible()
    const wallet = page.frames().find((f) => f.url().startsWith(`${sandbox.frame.url}/frame`))!
    expect(await frameViolations(wallet), `axe in the frame's authenticator-app panel (${theme})`).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`totp-${theme}.png`) })
    const cancel = panel.getByRole('button', { name: 'Cancel' })
    for (let i = 0; i < 8 && !(await cancel.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(cancel).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator(APPROVAL_FRAME)).toHaveCount(0)
    await expect(passkeys.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible()
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(account).toBeVisible()

    // Change email: the new address, then the first code's view.
    const before = (await mailbox(sandbox, email)).length
    await account.getByRole('button', { name: 'Change email' }).click()
    await scan(page, 'Change email', theme)
    await page.getByRole('textbox', { name: 'New email' }).fill(freshEmail('a11y-new'))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Change email' })).toContainText('current email')
    await codeFor(sandbox, email, before)
    await scan(page, 'Change email', theme)
    await page.keyboard.press('Escape')

    // ApproveTransaction with the frame's approval laid over it: the modal and the frame's own document,
    // in the page's theme; then a keyboard reject (Tab to Reject, Enter) inside the frame.
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const frame = await approvalFrame(page)
    await expect(frame.getByTestId('approval-message')).toHaveText('Hello from the Portico demo')
    await scan(page, 'Sign Message', theme)
    const secure = page.frames().find((f) => f.url().startsWith(`${sandbox.frame.url}/frame`))!
    await expect.poll(() => secure.evaluate(() => document.documentElement.dataset['theme'])).toBe(theme)
    expect(await frameViolations(secure), `axe in the frame's approval (${theme})`).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`approval-${theme}.png`) })
    await expect(page.locator(APPROVAL_FRAME)).toBeFocused()
    const reject = frame.getByRole('button', { name: 'Reject' })
    for (let i = 0; i < 6 && !(await reject.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(reject).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('sign-result')).toHaveText(/^Not signed/)

    // A transaction's approval with its simulated Balance changes, in the frame's own document.
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    const send = await approvalFrame(page)
    await expect(send.getByTestId('approval-change')).toHaveText(['−0.01 ETH (≈ $30.00)'])
    expect(await frameViolations(secure), `axe in the frame's transaction approval (${theme})`).toEqual([])
    await page.screenshot({ path: test.info().outputPath(`approval-changes-${theme}.png`) })
    await send.getByRole('button', { name: 'Reject' }).click()
    await expect(page.getByTestId('send-result')).toHaveText(/^Not sent/)

    expect(await violations()).toEqual([])
  })
}
