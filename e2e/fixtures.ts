import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { startSandbox, type Sandbox } from '@portico/sandbox'
import { E2E_PORTS } from './ports.ts'

type WorkerFixtures = { sandbox: Sandbox }
type TestFixtures = { demo: Page }

/**
 * The sandbox (chains and data API) runs once per test worker; every test gets a fresh browser
 * context, so storage, the SharedWorker and the wallet's memory start empty.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  sandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox({
        chainPorts: { a: E2E_PORTS.chainA, b: E2E_PORTS.chainB },
        dataApiPort: E2E_PORTS.dataApi,
      })
      await use(sandbox)
      await sandbox.stop()
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  demo: async ({ page, sandbox }, use) => {
    sandbox.dataApi.clearRequests()
    await page.goto('/')
    await use(page)
  },
})
export { expect }

/** Balance requests the data API has seen. */
export function balanceRequests(sandbox: Sandbox) {
  return sandbox.dataApi.requests().filter((r) => /\/v1\/account\/[^/]+\/balance$/.test(r.path))
}

/** Connects the Sandbox Wallet the way a visitor does: button, wallet, approve in the wallet. */
export async function connectSandboxWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  return page.getByRole('dialog', { name: 'Account' })
}

export async function openSecondTab(context: BrowserContext) {
  const page = await context.newPage()
  await page.goto('/')
  return page
}
