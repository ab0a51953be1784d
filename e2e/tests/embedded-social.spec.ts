import { expect, test } from '../fixtures.ts'
import { shownAddress } from '../embedded.ts'
import { EMBEDDED_REQUEST_TIMEOUT_MS } from '@portico/shared-types/embedded'

const PROVIDERS = [
  ['google', 'Google'],
  ['x', 'X'],
  ['discord', 'Discord'],
  ['github', 'GitHub'],
  ['apple', 'Apple'],
  ['facebook', 'Facebook'],
] as const

for (const [id, name] of PROVIDERS) {
  test(`${name} logs in through its popup; the account shows the social username in every tab`, async ({ demo: page, context }) => {
    const username = `${id}-visitor-${Date.now().toString(36)}`
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    const socials = dialog.getByRole('list', { name: 'Social login' })
    // The first three providers show; the others are behind "More".
    if (!(await socials.getByRole('button', { name, exact: true }).isVisible())) await socials.getByRole('button', { name: 'More' }).click()
    const popupOpened = page.waitForEvent('popup')
    await socials.getByRole('button', { name, exact: true }).click()
    const popup = await popupOpened
    await expect(page.getByRole('dialog', { name: 'Social login' }).getByRole('status')).toContainText(`Continue in the ${name} window`)
    await popup.getByRole('textbox', { name: 'Username' }).fill(username)
    await popup.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => popup.isClosed()).toBe(true)
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByTestId('account-embedded-user')).toHaveText(`Signed in as ${username}`)
    // A social user has no email to change.
    await expect(account.getByRole('button', { name: 'Change email' })).toHaveCount(0)
    const address = await shownAddress(page)
    const second = await context.newPage()
    await second.goto('/')
    await expect(second.getByTestId('dapp-status')).toHaveText(`Connected ${address} on Portico Local`)
  })
}

test('closing the social popup before the login ends says so and offers another try', async ({ demo: page }) => {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Google', exact: true }).click()
  const popup = await popupOpened
  await popup.getByRole('textbox', { name: 'Username' }).waitFor()
  await popup.close()
  const view = page.getByRole('dialog', { name: 'Social login' })
  await expect(view.getByRole('alert')).toContainText('The Google window was closed before the login ended.')
  await expect(view.getByRole('button', { name: 'Try again' })).toBeVisible()
})

test("a social login whose step gets no answer within 30 s shows the socials timeout alert ('Something went wrong')", async ({ page, sandbox }) => {
  // The page's clock is Playwright's, so the 30 s are moved past rather than waited (the timer is the page's:
  // main-thread/src/connectors/embedded/frame.ts, EMBEDDED_REQUEST_TIMEOUT_MS); time flows as usual until then.
  await page.clock.install()
  await page.goto('/')
  // The frame service holds the authorization URL back: the frame never answers GET_SOCIAL_REDIRECT_URI.
  let held: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (held = resolve))
  await page.route(`${sandbox.frame.url}/api/social/start`, () => held())
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Discord', exact: true }).click()
  const popup = await popupOpened
  const view = page.getByRole('dialog', { name: 'Social login' })
  await expect(view.getByRole('status')).toContainText('Continue in the Discord window')
  const alert = view.getByRole('alert')
  // The frame is up and has asked the service (its own start-up timers are done); the page's request timer runs.
  await asked
  // One second short of the limit, nothing yet; past it, the alert.
  await page.clock.fastForward(EMBEDDED_REQUEST_TIMEOUT_MS - 1_000)
  await expect(view.getByRole('status')).toContainText('Continue in the Discord window')
  await expect(alert).toHaveCount(0)
  await page.clock.fastForward(2_000)
  await expect(alert).toContainText('Something went wrong')
  await expect(alert).toContainText('The Discord login took too long.')
  expect(popup.isClosed()).toBe(true)
})
