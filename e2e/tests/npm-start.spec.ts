// `npm start` as a newcomer runs it: scripts/start.mjs builds the demo for production, starts its own
// sandbox and serves the build with the README's Content-Security-Policy. The tests open what it serves.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { closeAllTabs, connectSandboxWallet, openTabWhileOffline, recordConsoleErrors, recordCspViolations, waitForServiceWorker } from '../fixtures.ts'
import { START_PORTS } from '../ports.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const demoUrl = `http://127.0.0.1:${START_PORTS.demo}`
const SHORT = '0xf39F…2266'

const env = {
  ...process.env,
  PORTICO_DEMO_PORT: String(START_PORTS.demo),
  PORTICO_CHAIN_A_PORT: String(START_PORTS.chainA),
  PORTICO_CHAIN_B_PORT: String(START_PORTS.chainB),
  PORTICO_DATA_API_PORT: String(START_PORTS.dataApi),
  PORTICO_CATALOGUE_PORT: String(START_PORTS.catalogue),
  PORTICO_RELAY_PORT: String(START_PORTS.relay),
  PORTICO_PHONE_WALLET_PORT: String(START_PORTS.phoneWallet),
  // Built apart, so it never empties a developer's demo/dist.
  PORTICO_DEMO_OUT: `dist-start-${START_PORTS.demo}`,
}

function runStart(): { child: ChildProcessWithoutNullStreams; output: () => string; line: (pattern: RegExp) => Promise<string> } {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env })
  let text = ''
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = []
  const onData = (chunk: Buffer) => {
    text += chunk.toString()
    for (const w of [...waiters]) {
      const found = text.split('\n').find((l) => w.pattern.test(l))
      if (found !== undefined) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(found)
      }
    }
  }
  child.stdout.on('data', onData)
  child.stderr.on('data', onData)
  return {
    child,
    output: () => text,
    line: (pattern) =>
      new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve })
        onData(Buffer.alloc(0))
        child.on('close', (code) => reject(new Error(`npm start ended (exit code ${code}) before printing ${pattern}:\n${text}`)))
      }),
  }
}

/** The exit code of a child, once it has ended. */
function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => child.on('close', (code) => resolve(code)))
}

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: demoUrl })

let start: ReturnType<typeof runStart>

test.beforeAll(async () => {
  test.setTimeout(300_000)
  start = runStart()
  await start.line(/Portico demo: http/)
})

test.afterAll(async () => {
  if (!start || start.child.exitCode !== null) return
  const exited = exitCode(start.child)
  start.child.kill('SIGINT')
  expect(await exited).toBe(0)
  // Ctrl-C stops everything: the demo and the sandbox no longer answer.
  // Nothing listens any more: undici's 'fetch failed' TypeError, caused by the refused connection.
  for (const url of [`${demoUrl}/`, `http://127.0.0.1:${START_PORTS.dataApi}/health`]) {
    const failure = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure, url).toBeInstanceOf(TypeError)
    expect((failure as TypeError).message, url).toBe('fetch failed')
    expect((failure as TypeError).cause, url).toMatchObject({ code: 'ECONNREFUSED' })
  }
})

test('npm start serves a production build with the Content-Security-Policy on every answer; the connect flow shows no violation', async ({ page }) => {
  expect(start.output()).toMatch(/a production build with its service worker/)
  const csp: Record<string, string | null> = {}
  page.on('response', (response) => {
    if (response.url().startsWith(demoUrl)) csp[response.url()] = response.headers()['content-security-policy'] ?? null
  })
  const violations = await recordCspViolations(page)
  const errors = recordConsoleErrors(page)
  await page.goto('/')
  await waitForServiceWorker(page)
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-address')).toHaveText(SHORT)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')

  // Built files, not Vite's development server.
  const urls = Object.keys(csp)
  expect(urls.some((u) => /\/assets\/.+-[\w-]{8,}\.js$/.test(u))).toBe(true)
  expect(urls.some((u) => u.includes('/@vite/client') || u.endsWith('.tsx'))).toBe(false)
  const policy = csp[`${demoUrl}/`]
  expect(policy).toMatch(/^default-src 'self'/)
  for (const url of urls) expect.soft(csp[url], url).toBe(policy)
  const worker = await fetch(`${demoUrl}/portico-service-worker.js`)
  expect(worker.headers.get('content-security-policy')).toBe(policy)
  expect(await worker.text()).toMatch(/assets\/index-[\w-]+\.js/) // the shell is precached
  expect(await violations()).toEqual([])
  expect(errors()).toEqual([])
})

test('after one visit, with the network off, a new tab of the served demo loads and reopens the account as last seen', async ({ page, context }) => {
  await page.goto('/')
  await waitForServiceWorker(page)
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  const balance = await account.getByTestId('account-balance').innerText()
  await closeAllTabs(context)
  await context.setOffline(true)

  const { page: tab, errors, response } = await openTabWhileOffline(context)
  expect(response?.fromServiceWorker()).toBe(true)
  await tab.getByRole('button', { name: SHORT }).click()
  const reopened = tab.getByRole('dialog', { name: 'Account' })
  await expect(reopened.getByTestId('account-address')).toHaveText(SHORT)
  await expect(reopened.getByTestId('account-balance')).toHaveText(balance)
  await expect(reopened.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible()
  expect(errors()).toEqual([])
})

test('a second npm start while one runs says so and leaves the first alone', async () => {
  const second = runStart()
  await second.line(/Portico is already running at/)
  expect(await exitCode(second.child)).toBe(0)
  expect((await fetch(`${demoUrl}/`)).status).toBe(200)
})
