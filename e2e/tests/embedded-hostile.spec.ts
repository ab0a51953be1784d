import { expect, test } from '../fixtures.ts'
import { freshEmail, loginWithEmail, startEmailLogin } from '../embedded.ts'

test('messages posted to the page from another origin or another window are ignored', async ({ demo: page, sandbox }) => {
  // A script of the dapp's own origin, and a second window on the frame's origin (a frame page of an
  // unknown project, which refuses its embedder), post what the embedded wallet's frame would.
  const hostileUrl = `${sandbox.frame.url}/frame?projectId=unknown-project&chainId=31337&version=4&enableLogger=false`
  await page.evaluate((url) => {
    const hostile = document.createElement('iframe')
    hostile.src = url
    hostile.title = 'hostile'
    hostile.hidden = true
    document.body.appendChild(hostile)
    setInterval(() => window.postMessage({ type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } }, '*'), 50)
  }, hostileUrl)
  await expect.poll(() => page.frames().some((f) => f.url() === hostileUrl)).toBe(true)
  await page
    .frames()
    .find((f) => f.url() === hostileUrl)!
    .evaluate(() => {
      const forged = [{ type: 'FRAME_INIT_ERROR', payload: { message: 'Invalid App Configuration' } }, { type: 'FRAME_READY' }]
      setInterval(() => {
        for (const m of forged) window.parent.postMessage(m, '*')
      }, 50)
    })
  // The login goes through as if nothing had been posted.
  await loginWithEmail(page, sandbox, freshEmail('hostile'))
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test("the frame served to an origin its project does not allow says 'Invalid App Configuration'", async ({ demo: page, sandbox }) => {
  const allowed = sandbox.frame.projects.get('portico-demo')!
  sandbox.frame.projects.set('portico-demo', ['https://dapp.example'])
  try {
    const dialog = await startEmailLogin(page, freshEmail('refused'))
    await expect(dialog.getByRole('alert')).toHaveText('Invalid App Configuration')
  } finally {
    sandbox.frame.projects.set('portico-demo', allowed)
  }
})

test('with the frame service down, email login says so and the other connection methods still work', async ({ demo: page, sandbox }) => {
  await sandbox.frame.stop()
  try {
    const dialog = await startEmailLogin(page, freshEmail('down'))
    await expect(dialog.getByRole('alert')).toHaveText('Unable to load email login dependency')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
    await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-balance')).toContainText('ETH')
  } finally {
    await sandbox.frame.start()
  }
})
