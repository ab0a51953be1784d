import { expect, openSecondTab, test } from '../fixtures.ts'
import { codeFor, deviceLinkFor, freshEmail, loginWithEmail, mailbox, shownAddress, startEmailLogin } from '../embedded.ts'

test('email login: the code from the mailbox connects; a second tab is connected at once and a reload keeps the session', async ({ demo: page, context, sandbox }) => {
  const frames = () => page.locator('iframe[title="Portico embedded wallet"]')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const field = dialog.getByRole('textbox', { name: /Email/ })
  await expect(field).toBeVisible()
  // The frame loads only once the visitor heads for the email field, with the project, chain, version and logger flag.
  await expect(frames()).toHaveCount(0)
  await field.focus()
  await expect(frames()).toHaveCount(1)
  const src = new URL((await frames().getAttribute('src'))!)
  expect(src.origin).toBe(sandbox.frame.url)
  expect(Object.fromEntries(src.searchParams)).toEqual({ projectId: 'portico-demo', chainId: '31337', version: '4', enableLogger: 'false' })
  await page.keyboard.press('Escape')

  const email = freshEmail()
  const account = await loginWithEmail(page, sandbox, email)
  const address = await shownAddress(page)
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
  await expect(account.getByRole('button', { name: /Sign out/ })).toBeVisible()

  const second = await openSecondTab(context)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
  await second.getByRole('button', { name: `${address.slice(0, 6)}…${address.slice(-4)}` }).click()
  await expect(second.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)

  await page.reload()
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
})

test('a bad email, a wrong code and a resend within 30 s are refused with their messages', async ({ demo: page, sandbox }) => {
  const dialog = await startEmailLogin(page, 'not-an-email')
  await expect(dialog.getByRole('alert')).toContainText('a valid email')
  await expect(dialog.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true')

  const email = freshEmail('codes')
  const field = dialog.getByRole('textbox', { name: /Email/ })
  await field.fill(email)
  await field.press('Enter')
  const code = await codeFor(sandbox, email)
  const view = page.getByRole('dialog', { name: 'Email' })
  const wrong = code === '000000' ? '111111' : '000000'
  await view.getByRole('textbox', { name: 'Code' }).fill(wrong)
  await expect(view.getByRole('alert')).toHaveText('Invalid code')

  await view.getByRole('button', { name: 'Resend code' }).click()
  await expect(view.getByTestId('resend-result')).toHaveText(/^Please try again after (\d|[12]\d|30) seconds$/)
  expect(await mailbox(sandbox, email)).toHaveLength(1)

  // The right code still works after both refusals.
  await view.getByRole('textbox', { name: 'Code' }).fill(code)
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)
})

test('a new device is confirmed by the link in an email before the code', async ({ browser, sandbox }) => {
  const email = freshEmail('device')
  const first = await browser.newContext()
  const firstPage = await first.newPage()
  await firstPage.goto('/')
  await loginWithEmail(firstPage, sandbox, email)
  const address = await shownAddress(firstPage)
  await first.close()

  // Another browser profile is another device for the frame.
  const second = await browser.newContext()
  const page = await second.newPage()
  await page.goto('/')
  const before = (await mailbox(sandbox, email)).length
  await startEmailLogin(page, email)
  const waiting = page.getByRole('dialog', { name: 'Email' })
  await expect(waiting.getByRole('heading', { name: 'Confirm this device' })).toBeVisible()
  await expect(waiting.getByRole('status')).toContainText('Waiting for the confirmation')
  const link = await deviceLinkFor(sandbox, email)
  const confirm = await second.newPage()
  await confirm.goto(link)
  await expect(confirm.getByText(/confirmed/i).first()).toBeVisible()
  await confirm.close()
  const code = await codeFor(sandbox, email, before + 1)
  await waiting.getByRole('textbox', { name: 'Code' }).fill(code)
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)
  expect(await shownAddress(page)).toBe(address)
  await second.close()
})

test('change email: a code to the current email, then one to the new email; the new email is shown', async ({ demo: page, sandbox }) => {
  const email = freshEmail('old')
  const account = await loginWithEmail(page, sandbox, email)
  const next = freshEmail('new')
  await account.getByRole('button', { name: 'Change email' }).click()
  const change = page.getByRole('dialog', { name: 'Change email' })
  await change.getByRole('textbox', { name: 'New email' }).fill('also-not-an-email')
  await change.getByRole('button', { name: 'Continue' }).click()
  await expect(change.getByRole('alert')).toContainText('a valid email')
  const before = (await mailbox(sandbox, email)).length
  await change.getByRole('textbox', { name: 'New email' }).fill(next)
  await change.getByRole('button', { name: 'Continue' }).click()
  await expect(change).toContainText('current email')
  await change.getByRole('textbox', { name: 'Code' }).fill(await codeFor(sandbox, email, before))
  await expect(change).toContainText(next)
  await change.getByRole('textbox', { name: 'Code' }).fill(await codeFor(sandbox, next))
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(next)
})

test('signed-in devices: another browser is listed and signed out from here, from the keyboard; signing out everywhere (confirmed) disconnects here too', async ({ demo: page, browser, sandbox }) => {
  const email = freshEmail('devices')
  const account = await loginWithEmail(page, sandbox, email)
  // Another browser profile is another device: the link, then the code.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/')
  const before = (await mailbox(sandbox, email)).length
  await startEmailLogin(otherPage, email)
  const confirm = await other.newPage()
  await confirm.goto(await deviceLinkFor(sandbox, email))
  await confirm.close()
  await otherPage
    .getByRole('dialog', { name: 'Email' })
    .getByRole('textbox', { name: 'Code' })
    .fill(await codeFor(sandbox, email, before + 1))
  await expect(otherPage.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user')).toContainText(email)

  await account.getByRole('button', { name: 'Signed-in devices' }).click()
  const devices = page.getByRole('dialog', { name: 'Signed-in devices' })
  const list = devices.getByRole('list', { name: 'Sessions' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  const mine = list.getByRole('listitem').filter({ hasText: 'This device' })
  // Debian's Chromium on Linux, named from the frame page's User-Agent.
  await expect(mine).toContainText('Chrome on Linux')
  await expect(mine).toContainText(/Last active now/)
  await expect(mine.getByRole('button')).toHaveCount(0)
  const signOutOther = list.getByRole('button', { name: /^Sign out Chrome on Linux$/ })
  await signOutOther.focus()
  await page.keyboard.press('Enter')
  await expect(devices.getByTestId('sessions-status')).toHaveText('Chrome on Linux is signed out')
  await expect(list.getByRole('listitem')).toHaveCount(1)
  // The other browser's session is gone on the service: its dapp finds out when it next needs the provider.
  await otherPage.reload()
  await otherPage.getByRole('button', { name: 'Sign a message' }).click()
  await expect(otherPage.getByTestId('dapp-status')).toHaveText('Not connected')
  await other.close()

  // Everywhere: a confirmation first (its Cancel focused), then this device too.
  await devices.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(devices.getByRole('group').getByRole('button', { name: 'Cancel' })).toBeFocused()
  await devices.getByRole('group').getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page.getByTestId('dapp-status')).toHaveText('Not connected')
})

test('sign out clears the login data in every tab', async ({ demo: page, context, sandbox }) => {
  const email = freshEmail('out')
  const account = await loginWithEmail(page, sandbox, email)
  const address = await shownAddress(page)
  const second = await openSecondTab(context)
  await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)

  await account.getByRole('button', { name: /Sign out/ }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByTestId('dapp-status')).toHaveText('Not connected')
  await expect(second.getByTestId('dapp-status')).toHaveText('Not connected')
  // The login data (SPEC.md §3) is gone from the core: a reload stays signed out.
  await second.reload()
  await second.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(second.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('textbox', { name: /Email/ })).toBeVisible()
  await expect(second.getByTestId('dapp-status')).toHaveText('Not connected')
})

test('a session the frame no longer knows is found out when the dapp next needs the provider: the cached login data is cleared', async ({ demo: page, sandbox }) => {
  const email = freshEmail('gone')
  await loginWithEmail(page, sandbox, email)
  const address = await shownAddress(page)
  await page.keyboard.press('Escape')
  // The frame's session ends on its own origin (as when it expires there).
  const frame = page.frames().find((f) => f.url().startsWith(`${sandbox.frame.url}/frame`))!
  await frame.evaluate(() => localStorage.removeItem('portico-frame.session'))
  await page.reload()
  // The reload shows the cached session without asking the frame.
  await expect(page.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
  await expect(page.locator('iframe[title="Portico embedded wallet"]')).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByTestId('dapp-status')).toHaveText('Not connected')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('textbox', { name: /Email/ })).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('dapp-status')).toHaveText('Not connected')
})
