import { expect, test } from '../fixtures.ts'

test('the social buttons and the networks show brand marks, and keep their names', async ({ page, sandbox: _ }) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const socials = dialog.getByRole('list', { name: 'Social login' })
  await socials.getByRole('button', { name: 'More' }).click()
  for (const name of ['Google', 'X', 'Discord', 'GitHub', 'Apple', 'Facebook', 'Farcaster']) {
    const button = socials.getByRole('button', { name, exact: true })
    await expect(button.locator('svg[aria-hidden="true"] path')).toHaveAttribute('d', /^M[\d.]/)
    // The mark is drawn: its box has the size the stylesheet gives it.
    expect(await button.locator('svg').evaluate((svg) => svg.getBoundingClientRect().width)).toBe(20)
  }
  await dialog.screenshot({ path: test.info().outputPath('connect-social-marks.png') })

  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Portico Local' }).click()
  const networks = page.getByRole('dialog', { name: 'Choose network' })
  const badges = networks.locator('.portico-network-badge')
  await expect(badges).toHaveCount(2)
  expect(await badges.evaluateAll((els) => els.map((el) => el.getAttribute('data-mark')))).toEqual(['ethereum', 'ethereum'])
  await expect(networks.getByRole('button', { name: /Portico Local B/ })).toBeVisible()
  await networks.screenshot({ path: test.info().outputPath('networks-marks.png') })
})
