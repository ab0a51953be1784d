import type { BrowserContext, Page } from '@playwright/test'
import { closeAllTabs, connectSandboxWallet, expect, test, waitForServiceWorker } from '../fixtures.ts'

const SHORT = '0xf39F…2266'

/**
 * Before any of the page's scripts run: logs every text the Connect button shows, from the first
 * node the parser or React inserts, each time it changes (a MutationObserver's callback runs before
 * the frame is painted, so nothing painted is missed).
 */
async function recordButtonTexts(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __buttonTexts: string[] }).__buttonTexts = seen
    const note = () => {
      const text = document.querySelector('.portico-connect-button')?.textContent ?? null
      if (text !== null && seen[seen.length - 1] !== text) seen.push(text)
    }
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

const buttonTexts = (page: Page) => page.evaluate(() => (window as unknown as { __buttonTexts: string[] }).__buttonTexts)

/** Waits until the core has answered in this tab: the Account view shows the account it pushed. */
async function accountFromCore(page: Page) {
  await page.getByRole('button', { name: SHORT }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-address')).toHaveText(SHORT)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await page.keyboard.press('Escape')
  await expect(account).toBeHidden()
}

async function connectedVisit(page: Page) {
  await page.goto('/')
  await waitForServiceWorker(page)
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: SHORT })).toBeVisible()
}

test.describe('the account button in the first paint', () => {
  test('a reload while connected shows the account from the first text the button has, never Connect Wallet', async ({ page, context, sandbox: _ }) => {
    await recordButtonTexts(context)
    await connectedVisit(page)
    await page.reload()
    await accountFromCore(page)
    expect(await buttonTexts(page)).toEqual([SHORT])
  })

  test('offline, a new tab of a connected visitor shows the account from the first text the button has, never Connect Wallet', async ({ page, context, sandbox: _ }) => {
    await recordButtonTexts(context)
    await connectedVisit(page)
    await closeAllTabs(context)
    await context.setOffline(true)
    const tab = await context.newPage()
    const response = await tab.goto('/')
    expect(response?.fromServiceWorker()).toBe(true)
    await accountFromCore(tab)
    expect(await buttonTexts(tab)).toEqual([SHORT])
  })

  test('after a disconnect, a reload shows Connect Wallet from the first text (the record is gone)', async ({ page, context, sandbox: _ }) => {
    await recordButtonTexts(context)
    await connectedVisit(page)
    await page.getByRole('button', { name: SHORT }).click()
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: /Disconnect/ })
      .click()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('portico:account'))).toBeNull()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    expect(await buttonTexts(page)).toEqual(['Connect Wallet'])
  })
})
