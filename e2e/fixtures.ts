import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { startSandbox, type Sandbox } from '@portico/sandbox'
import { E2E_PORTS, E2E_URLS } from './ports.ts'

type WorkerFixtures = { sandbox: Sandbox }
type TestFixtures = { demo: Page }

/** The tab in front in each context: the one a visitor last acted in, or the one opened last. */
const frontTab = new WeakMap<BrowserContext, Page>()
/** The Locator actions a visitor performs with the pointer or the keyboard in a tab. */
const TAB_ACTIONS = [
  'click',
  'dblclick',
  'tap',
  'hover',
  'fill',
  'clear',
  'press',
  'pressSequentially',
  'check',
  'uncheck',
  'setChecked',
  'selectOption',
  'selectText',
  'setInputFiles',
  'dragTo',
] as const
let tabActionsFollowFront = false
/**
 * A visitor acts in the tab in front: a Locator action in another tab of the context first brings
 * that tab to the front. Chromium gives a tab behind another about one animation frame a second once
 * the demo has run a while, so Playwright's wait for a still element took 1 to 2 s per action there
 * (about 100 s of the end-to-end run, and most of the chaos row's 9 minutes).
 */
function actInFrontTab(context: BrowserContext) {
  context.on('page', (page) => {
    frontTab.set(context, page)
    if (tabActionsFollowFront) return
    tabActionsFollowFront = true
    const proto = Object.getPrototypeOf(page.locator('html')) as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (const name of TAB_ACTIONS) {
      const action = proto[name]
      if (typeof action !== 'function') continue
      proto[name] = async function (this: Locator, ...args: unknown[]) {
        const tab = this.page()
        const ofContext = tab.context()
        if (frontTab.get(ofContext) !== tab && !tab.isClosed()) {
          await tab.bringToFront()
          frontTab.set(ofContext, tab)
        }
        return action.apply(this, args)
      }
    }
  })
}

/**
 * The sandbox (chains and data API) runs once per test worker, on that worker's ports; every test gets a fresh browser
 * context, so storage, the SharedWorker and the wallet's memory start empty.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  context: async ({ context }, use) => {
    actInFrontTab(context)
    await use(context)
  },
  // This worker's own demo (e2e/ports.ts: each worker's ports are its own, its demo built for its sandbox).
  baseURL: async ({}, use) => {
    await use(E2E_URLS.demo)
  },
  sandbox: [
    async ({}, use) => {
      const sandbox = await startSandbox({
        chainPorts: { a: E2E_PORTS.chainA, b: E2E_PORTS.chainB },
        dataApiPort: E2E_PORTS.dataApi,
        cataloguePort: E2E_PORTS.catalogue,
      })
      await use(sandbox)
      await sandbox.stop()
    },
    { scope: 'worker', timeout: 180_000 },
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

/**
 * Opens `url` in a new tab of a context that is offline (`context.setOffline(true)`), with the tab's
 * `navigator.onLine` false as a real offline browser reports it. Chromium 150 drops the context's
 * offline emulation from `navigator.onLine` when a page navigates (its requests still fail, but the
 * page reads `true`, which no browser that is really offline does), so the emulation is set again on
 * the tab's own DevTools session as soon as its document commits: the page then gets its `offline`
 * event. `backOnline()` brings the context and the tab back (the page gets its `online` event).
 */
/**
 * Clicks the WalletConnect view's Copy link and answers the pairing link from the clipboard once it is there: the page
 * writes it asynchronously, so a read straight after the click can still find what was there before (an empty
 * clipboard), and a phone given that never shows its prompt. The link is the one the QR code shows.
 */
export async function copyPairingLink(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
  const qr = dialog.getByRole('img', { name: 'WalletConnect QR code' })
  await expect(qr).toBeVisible()
  await dialog.getByRole('button', { name: /Copy link/ }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  expect(await qr.getAttribute('data-qr-value')).toBe(uri)
  return uri
}

/** From the Account view: Send, the amount and the receiver filled in, Review, then Send; answers the Send view. */
export async function sendFromAccount(page: Page, account: Locator, amount: string, receiver: string): Promise<Locator> {
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await send.getByRole('textbox', { name: /Amount/ }).fill(amount)
  await send.getByRole('textbox', { name: /Recipient/ }).fill(receiver)
  await send.getByRole('button', { name: 'Review' }).click()
  await send.getByRole('button', { name: 'Send', exact: true }).click()
  return send
}

export async function openTabWhileOffline(context: BrowserContext, url = '/') {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const conditions = (offline: boolean) => cdp.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  const errors = recordConsoleErrors(page)
  const response = await page.goto(url, { waitUntil: 'commit' })
  await conditions(true)
  await page.waitForLoadState('load')
  return {
    page,
    response,
    errors,
    async backOnline() {
      await conditions(false)
      await cdp.detach()
      await context.setOffline(false)
    },
  }
}

export async function openSecondTab(context: BrowserContext) {
  const page = await context.newPage()
  await page.goto('/')
  return page
}

/** Collects Content-Security-Policy violations the page reports, from its first script on. */
export async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  const consoleViolations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleViolations.push(m.text())
  })
  return async () => [...consoleViolations, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))]
}

/** Asks the page's Sandbox Wallet for something directly, as another dapp page script would. */
export async function walletRequest(page: Page, method: string, params?: unknown[]) {
  return page.evaluate(
    ([m, p]) =>
      new Promise((resolve, reject) => {
        const onAnnounce = (event: Event) => {
          const detail = (event as CustomEvent<{ info: { rdns: string }; provider: { request(a: object): Promise<unknown> } }>).detail
          if (detail.info.rdns !== 'dev.portico.sandbox-wallet') return
          window.removeEventListener('eip6963:announceProvider', onAnnounce)
          detail.provider.request(p ? { method: m, params: p } : { method: m }).then(resolve, reject)
        }
        window.addEventListener('eip6963:announceProvider', onAnnounce)
        window.dispatchEvent(new Event('eip6963:requestProvider'))
      }),
    [method, params] as const,
  )
}

/** Portico's service-worker caches (service-worker/src/constants.ts). */
export const SW_CACHES = { images: 'portico-images-v1', catalogue: 'portico-catalogue-v1' } as const
export const SW_IMAGE_CACHE_MAX_ENTRIES = 300

/**
 * Shows the visitor's first intent (hover on the connect button) and waits until Portico's service
 * worker is active and controls the page. Returns its script URL.
 */
export async function waitForServiceWorker(page: Page, { intent = true }: { intent?: boolean } = {}): Promise<string> {
  if (intent)
    await page
      .getByRole('button', { name: /Connect Wallet|0x[0-9a-fA-F]{4}…/ })
      .first()
      .hover()
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
    }
    return registration.active?.scriptURL ?? ''
  })
}

/** The request URLs held in one of the page origin's caches (empty when the cache does not exist). */
export async function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    return (await (await caches.open(name)).keys()).map((r) => r.url)
  }, cacheName)
}

/** Every cache of the page's origin with the URLs it holds. */
export async function allCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {}
    for (const name of await caches.keys()) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url)
    return out
  })
}

/**
 * Moves the core's stored data `ms` into the past, as if that much time had passed since it was
 * saved, for the tests of what a core does with its cache after a while (SPEC.md §9: balances are
 * fresh 30 s). Playwright's clock (`page.clock`, `context.clock`) reaches pages only, not the core's
 * SharedWorker, and the core takes no clock from outside; so, with every tab closed (the SharedWorker
 * gone and nothing in memory), the saved time of every record the core keeps in IndexedDB
 * (worker-core/src/infra/storage.ts: `{ v, kind, savedAt, data }` in `portico`/`core`) is put back
 * by `ms`. The next core reads the records as that old, which is what waiting `ms` would give.
 * Done in a tab of the demo's origin that does not run the demo: the service worker's script shown as
 * text (a file name, so the service worker leaves the navigation to the network, and a file that is
 * there, so the preview server does not answer with the demo's page). Call it while the context is
 * online. Answers how many records it moved.
 */
export async function ageStoredRecords(context: BrowserContext, ms: number): Promise<number> {
  expect(context.pages(), 'every tab closed first: a running core keeps its records in memory').toHaveLength(0)
  const page = await context.newPage()
  try {
    const response = await page.goto('/portico-service-worker.js')
    expect(response?.headers()['content-type']).toMatch(/javascript/)
    const aged = await page.evaluate(async (by) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('portico')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      try {
        if (!db.objectStoreNames.contains('core')) return 0
        const tx = db.transaction('core', 'readwrite')
        let moved = 0
        await new Promise<void>((resolve, reject) => {
          const cursor = tx.objectStore('core').openCursor()
          cursor.onsuccess = () => {
            const at = cursor.result
            if (!at) return
            const record = at.value as { savedAt?: unknown } | null
            if (record && typeof record === 'object' && typeof record.savedAt === 'number') {
              at.update({ ...record, savedAt: record.savedAt - by })
              moved += 1
            }
            at.continue()
          }
          tx.oncomplete = () => resolve()
          tx.onerror = () => reject(tx.error)
          tx.onabort = () => reject(tx.error)
        })
        return moved
      } finally {
        db.close()
      }
    }, ms)
    return aged
  } finally {
    await page.close()
  }
}

/** Closes every tab of the context: the core's SharedWorker ends with the last one. */
export async function closeAllTabs(context: BrowserContext) {
  for (const page of context.pages()) await page.close()
}

/** Records what a visitor's console would show as errors: uncaught exceptions and console.error lines. */
export function recordConsoleErrors(page: Page): () => string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  return () => [...errors]
}

/** The build id of the service worker that controls the page (asked over a MessageChannel). */
export async function serviceWorkerBuild(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const worker = navigator.serviceWorker.controller
        if (!worker) return reject(new Error('the page has no service worker'))
        const channel = new MessageChannel()
        channel.port1.onmessage = (event: MessageEvent<{ build: string }>) => resolve(event.data.build)
        worker.postMessage({ type: 'GET_VERSION' }, [channel.port2])
      }),
  )
}

/** Makes every page of the context a browser without SharedWorker (before any page loads). */
export async function withoutSharedWorker(context: BrowserContext) {
  await context.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker
  })
}
