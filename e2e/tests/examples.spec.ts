// The examples outside the workspace (examples/vite-react, examples/wagmi, examples/webpack, examples/nextjs, examples/headless): the published packages
// packed with `npm pack`, installed from the tarballs into a copy outside the clone, type-checked with the
// example's strict tsconfig, built for production (once per content: e2e/examples.ts keeps the
// builds), served, and used in Chromium against the sandbox.
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import type { Sandbox } from '@portico/sandbox'
import { createPublicClient, http, parseEther, verifyMessage, type Hex } from 'viem'
import type { PackedPackage } from '../../scripts/pack-packages.mjs'
import { buildAllExamples, sandboxWalletScript, serveExample } from '../examples.ts'
import { codeFor, freshEmail } from '../embedded.ts'
import { connectSandboxWallet, expect, recordConsoleErrors, test } from '../fixtures.ts'
import { E2E_URLS, EXAMPLE_PORTS, loopbackUrls } from '../ports.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT = '0xf39F…2266'
const urls = loopbackUrls(EXAMPLE_PORTS)

let packed: PackedPackage[] = []
let walletScript = ''
const servers: ChildProcess[] = []

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ sandbox: _ }) => {
  // Five installs from the registry and three production builds (two of Next.js) on a machine of two
  // cores, unless `npm test` built them already (the cache: e2e/examples.ts): each phase's time is
  // printed, so a slow one is seen before it reaches this bound.
  test.setTimeout(1_200_000)
  const started = Date.now()
  const built = await buildAllExamples()
  packed = built.packed
  walletScript = await sandboxWalletScript()
  const { viteReact, wagmi, webpack, nextjs, headless } = built
  servers.push(
    await serveExample(viteReact.dir, EXAMPLE_PORTS.viteReact),
    await serveExample(wagmi.dir, EXAMPLE_PORTS.wagmi),
    await serveExample(webpack.dir, EXAMPLE_PORTS.webpack),
    await serveExample(nextjs.dir, EXAMPLE_PORTS.nextTurbopack, nextjs.outDirs['turbopack']),
    await serveExample(nextjs.dir, EXAMPLE_PORTS.nextWebpack, nextjs.outDirs['webpack']),
    await serveExample(headless.dir, EXAMPLE_PORTS.headless),
  )
  console.log(`examples: served after ${((Date.now() - started) / 1000).toFixed(0)} s`)
})

test.afterAll(() => {
  for (const server of servers) server.kill()
})

/** A page of `url` with the Sandbox Wallet injected before any script, as its extension would. */
async function openExample(page: Page, url: string) {
  await page.context().addInitScript({ content: walletScript })
  const errors = recordConsoleErrors(page)
  const missing: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`)
  })
  await page.goto(url)
  return () => [...errors(), ...missing]
}

test('the tarballs hold the built packages only (and their THIRD-PARTY-NOTICES): no sources, tests or fixtures', () => {
  expect(packed.map((p) => p.name).sort()).toEqual(['@portico/react', '@portico/service-worker', '@portico/shared-types', '@portico/simulation', '@portico/wagmi', '@portico/worker-core'])
  for (const p of packed) {
    expect(
      p.files.filter((f) => /(^|\/)src\/|\.test\.|(^|\/)testing\/|test-fixtures/.test(f)),
      p.name,
    ).toEqual([])
    expect(p.files, p.name).toContain('package.json')
    // The licences of what it needs at run time, generated as it was packed (scripts/licences.mjs).
    expect(p.files, p.name).toContain('THIRD-PARTY-NOTICES')
    expect(
      p.files.some((f) => f.endsWith('.d.ts')),
      p.name,
    ).toBe(true)
  }
  // What the core's tarball says of its WalletConnect client: the Apache-2.0 release, with its licence text.
  const notices = readFileSync(fileURLToPath(new URL('../../worker-core/THIRD-PARTY-NOTICES', import.meta.url)), 'utf8')
  expect(notices).toMatch(/\n@walletconnect\/universal-provider 2\.21\.7\nLicence: Apache-2\.0\n\n\s*Apache License\n\s*Version 2\.0/)
  test.info().annotations.push({ type: 'tarball sizes', description: packed.map((p) => `${p.name} ${(p.size / 1024).toFixed(1)} KiB`).join(', ') })
})

test('examples/vite-react from the tarballs: the Sandbox Wallet connects and the account shows, with the service worker', async ({ page }) => {
  const errors = await openExample(page, urls.viteReact)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-address')).toHaveText(SHORT)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await expect(page.getByTestId('address')).toHaveText(ADDRESS)
  // The worker files came from node_modules through `new URL(…, import.meta.url)`; the service worker from the plugin.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/portico-service-worker\.js/)
  expect(errors()).toEqual([])
})

/**
 * The Sandbox Wallet connects on the example at `url` and the account shows (only the core answers
 * with a balance: the worker the bundler emitted from
 * `new URL('@portico/worker-core/shared-worker', import.meta.url)` runs); the service worker the
 * example copied registers, and after a reload it controls the page and the session is back.
 */
async function connectsThenReloadsUnderServiceWorker(page: Page, url: string) {
  const errors = await openExample(page, url)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-address')).toHaveText(SHORT)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await expect(page.getByTestId('address')).toHaveText(ADDRESS)
  const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
  expect(worker).toMatch(new RegExp(`^${url}/portico-service-worker\\.js\\?catalogue=`))
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(worker)
  expect(errors()).toEqual([])
}

test("examples/webpack from the tarballs: webpack 5 bundles the core's workers from node_modules, the Sandbox Wallet connects, and the copied service worker controls the page", async ({ page }) => {
  await connectsThenReloadsUnderServiceWorker(page, urls.webpack)
})

for (const bundler of ['turbopack', 'webpack'] as const) {
  const url = bundler === 'turbopack' ? urls.nextTurbopack : urls.nextWebpack
  test(`examples/nextjs from the tarballs, next build with ${bundler}: the page prerendered on the server hydrates without an error, the core's worker runs, the Sandbox Wallet connects, and the copied service worker controls the page`, async ({
    page,
  }) => {
    // The prerendered HTML already holds Portico's buttons: the client component rendered on the server.
    const html = await (await fetch(url)).text()
    expect(html).toContain('Connect Wallet')
    expect(html).toContain('data-testid="status"')
    // A hydration mismatch would be a console error, which fails this.
    await connectsThenReloadsUnderServiceWorker(page, url)
  })
}

test('examples/wagmi from the tarballs: wagmi connects through Portico, signs, sends, switches chain and disconnects, and Portico follows in every tab', async ({ page, context }) => {
  const errors = await openExample(page, urls.wagmi)
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

  // useConnect opens Portico's modal; closing it without connecting is a rejection for wagmi.
  await page.getByRole('button', { name: 'Connect (wagmi)' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('region', { name: 'wagmi' }).getByRole('alert')).toContainText('User rejected the request')
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

  // Again; the visitor picks the Sandbox Wallet there.
  await page.getByRole('button', { name: 'Connect (wagmi)' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' }).getByTestId('account-address')).toHaveText(SHORT)
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
  await expect(page.getByTestId('wagmi-address')).toHaveText(ADDRESS)
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Account' })).toHaveCount(0)

  // useSignMessage: the wallet Portico connected signs; viem verifies the signature.
  await page.getByRole('button', { name: 'Sign message (wagmi)' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  const signature = (await page.getByTestId('wagmi-signature').textContent()) as Hex
  expect(await verifyMessage({ address: ADDRESS, message: 'Hello from wagmi', signature })).toBe(true)
  await page.keyboard.press('Escape')

  // useSendTransaction: the wallet sends on the chain Portico is on; the chain has the transaction.
  await page.getByRole('button', { name: 'Send 0.001 to myself (wagmi)' }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  const hash = (await page.getByTestId('wagmi-transaction').textContent()) as Hex
  const chainA = createPublicClient({ transport: http(E2E_URLS.chainA) })
  const receipt = await chainA.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect((await chainA.getTransaction({ hash })).value).toBe(parseEther('0.001'))
  await page.keyboard.press('Escape')

  // A second tab shares Portico's session.
  const second = await context.newPage()
  await second.goto(urls.wagmi)
  await expect(second.getByTestId('wagmi-status')).toHaveText('connected')

  // useSwitchChain: Portico's network button and its modal follow, in both tabs.
  await page.getByRole('button', { name: 'Switch to chain 31338 (wagmi)' }).click()
  await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
  await expect(page.getByRole('button', { name: 'Portico Local B' })).toBeVisible()
  await expect(second.getByRole('button', { name: 'Portico Local B' })).toBeVisible()
  await expect(second.getByTestId('wagmi-chain')).toHaveText('31338')
  await page.getByRole('button', { name: SHORT }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toContainText('Portico Local B')
  await page.keyboard.press('Escape')

  // useDisconnect: Portico disconnects, in every tab.
  await page.getByRole('button', { name: 'Disconnect (wagmi)' }).click()
  await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(second.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await expect(second.getByTestId('wagmi-status')).toHaveText('disconnected')

  // A connection made in Portico's own modal reaches wagmi.
  await connectSandboxWallet(second)
  await expect(second.getByTestId('wagmi-status')).toHaveText('connected')
  await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
  expect(errors()).toEqual([])
})

/**
 * examples/headless: the dapp's own connect UI, built from Portico's headless hooks and WalletButton
 * only (no Portico button, no Portico modal), over the same core: the wallet list (useWallets) and a
 * connection through it (useConnect), one click on a WalletButton, a phone wallet through WalletConnect
 * (the pairing URI and the wallet's link), and an email login through the sandbox's mailbox
 * (useEmailLogin); the account's address, balance (useBalances) and Activity
 * (useActivity) show, and each time the dapp's own Disconnect ends the session.
 */
async function headlessConnects(page: Page, url: string, sandbox: Sandbox) {
  const errors = await openExample(page, url)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toHaveCount(0)
  const portico = page.getByRole('dialog', { name: /Connect Wallet|Account/ })

  // The wallet list: the installed Sandbox Wallet, WalletConnect and the catalogue's wallets.
  await page.getByRole('button', { name: 'Choose a wallet' }).click()
  const list = page.getByRole('list', { name: 'Wallets' })
  const installed = list.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Sandbox Wallet', exact: true }) })
  await expect(installed).toContainText('Installed')
  await expect(list.getByRole('button', { name: 'WalletConnect', exact: true })).toBeVisible()
  await expect(list.getByRole('button', { name: 'Sandbox Phone Wallet' })).toBeVisible()
  await installed.getByRole('button').click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(ADDRESS)
  await expect(page.getByTestId('balance')).toHaveText(/^[\d,.]+ ETH$/)
  await expect(page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first()).toBeVisible()
  await expect(portico).toHaveCount(0)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')

  // WalletButton: one click, the wallet's own prompt, connected.
  await page.getByRole('button', { name: 'Sandbox Wallet', exact: true }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('address')).toHaveText(ADDRESS)
  await expect(portico).toHaveCount(0)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')

  // WalletConnect from the list: the pairing URI and the wallet's own link to it (useConnect's `uri` and
  // `deepLink`); the Sandbox Phone Wallet, opened at that link, approves through the sandbox's relay.
  await page.getByRole('button', { name: 'Choose a wallet' }).click()
  await list.getByRole('button', { name: 'Sandbox Phone Wallet' }).click()
  const pairing = page.getByRole('group', { name: 'WalletConnect pairing' })
  await expect(pairing).toBeVisible()
  const uri = await pairing.getByRole('textbox', { name: 'Pairing link' }).inputValue()
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const open = pairing.getByRole('link', { name: 'Open Sandbox Phone Wallet' })
  await expect(open).toHaveAttribute('href', sandbox.phoneWallet.deepLink(uri))
  const phone = await page.context().newPage()
  await phone.goto(sandbox.phoneWallet.deepLink(uri))
  await phone.getByRole('dialog', { name: 'Connect to Headless dapp?' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(ADDRESS)
  await expect(portico).toHaveCount(0)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await phone.close()

  // Email login: the code arrives in the sandbox's mailbox; the new embedded account holds 10 ETH.
  const email = freshEmail('headless')
  const login = page.getByRole('form', { name: 'Email login' })
  await login.getByRole('textbox', { name: 'Email' }).fill(email)
  await login.getByRole('button', { name: 'Send code' }).click()
  const code = await codeFor(sandbox, email)
  const verify = page.getByRole('form', { name: 'Email code' })
  await verify.getByRole('textbox', { name: 'Code' }).fill(code)
  await verify.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByTestId('address')).not.toHaveText(ADDRESS)
  await expect(page.getByTestId('balance')).toHaveText('10 ETH')
  await expect(portico).toHaveCount(0)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(errors()).toEqual([])
}

test('examples/headless from the tarballs: its own connect UI (useWallets, useConnect, WalletButton, useEmailLogin) connects the Sandbox Wallet, a phone wallet through WalletConnect and an email login, shows the address, balance and Activity (useBalances, useActivity), and disconnects', async ({
  page,
  sandbox,
}) => {
  await headlessConnects(page, urls.headless, sandbox)
})
