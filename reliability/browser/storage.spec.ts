import type { Browser, BrowserContext, Page } from '@playwright/test'
import { closeAllTabs, connectSandboxWallet, expect, test } from '../../e2e/fixtures.ts'
import { begin, record } from '../fuzz/harness.ts'

const ROW = 'IndexedDB blocked, quota full, corrupted records: the modal keeps working, 0 unhandled rejections'
/** The core's database and store (worker-core/src/infra/storage.ts `createStorage` defaults). */
const DB = 'portico'
const STORE = 'core'
const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SHORT = '0xf39F…2266'
const SIWX_WALLET = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const SIWX_SHORT = '0x9965…A4dc'

/**
 * What the core's SharedWorker has logged since it started: its console (the storage's warnings) and
 * every uncaught exception and unhandled rejection, replayed by the worker's inspector on attach. Read
 * before each reload or close (a worker that ends takes its log with it); the latest read of a worker wins.
 */
function sharedWorkerLogs(browser: Browser) {
  const logs = new Map<string, { warnings: string[]; unhandled: string[] }>()
  return {
    async read() {
      const cdp = await browser.newBrowserCDPSession()
      try {
        const { targetInfos } = await cdp.send('Target.getTargets')
        for (const target of targetInfos.filter((t) => t.type === 'shared_worker')) {
          const log = { warnings: [] as string[], unhandled: [] as string[] }
          const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })
          await new Promise<void>((resolve) => {
            cdp.on('Target.receivedMessageFromTarget', (event) => {
              if (event.sessionId !== sessionId) return
              const message = JSON.parse(event.message) as {
                id?: number
                method?: string
                params?: { args?: Array<{ value?: unknown; description?: string }>; exceptionDetails?: { text: string; exception?: { description?: string } } }
              }
              if (message.method === 'Runtime.consoleAPICalled') log.warnings.push((message.params?.args ?? []).map((a) => a.value ?? a.description).join(' '))
              if (message.method === 'Runtime.exceptionThrown' && message.params?.exceptionDetails) {
                const details = message.params.exceptionDetails
                log.unhandled.push(`${details.text} ${details.exception?.description ?? ''}`.slice(0, 300))
              }
              if (message.id === 2) resolve()
            })
            // Runtime.enable replays what the worker logged so far; the evaluation answers after it.
            void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.enable' }) })
            void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 2, method: 'Runtime.evaluate', params: { expression: '0' } }) })
          })
          await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined)
          logs.set(target.targetId, log)
        }
      } finally {
        await cdp.detach().catch(() => undefined)
      }
    },
    warnings: () => [...logs.values()].flatMap((l) => l.warnings),
    unhandled: () => [...logs.values()].flatMap((l) => l.unhandled),
  }
}

/** Uncaught errors and unhandled rejections of every page of the context. */
function pageErrors(context: BrowserContext) {
  const errors: string[] = []
  const watch = (page: Page) => page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
  context.pages().forEach(watch)
  context.on('page', watch)
  return errors
}

/** Every record of the core's store, read from a page of the origin. */
function storedRecords(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(
    ({ db, store }) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open(db)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const database = open.result
          const out: Record<string, unknown> = {}
          const cursor = database.transaction(store).objectStore(store).openCursor()
          cursor.onerror = () => reject(cursor.error)
          cursor.onsuccess = () => {
            const at = cursor.result
            if (!at) return (database.close(), resolve(out))
            out[String(at.key)] = at.value
            at.continue()
          }
        }
      }),
    { db: DB, store: STORE },
  )
}

/** Writes records straight into the core's store, as a corrupted disk or an older build would have left them. */
function writeRecords(page: Page, records: Record<string, unknown>) {
  return page.evaluate(
    ({ db, store, records }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const database = open.result
          const tx = database.transaction(store, 'readwrite')
          for (const [key, value] of Object.entries(records)) tx.objectStore(store).put(value, key)
          tx.oncomplete = () => (database.close(), resolve())
          tx.onerror = () => reject(tx.error)
        }
      }),
    { db: DB, store: STORE, records },
  )
}

/** Opens the modal on the account the page shows (the visitor's first intent starts the core) and waits for its balance. */
async function accountWithBalance(page: Page, short = SHORT) {
  await page.getByRole('button', { name: short }).first().click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByTestId('account-address')).toHaveText(short)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  return account
}

/** Waits until the core's SharedWorker has ended (with the last tab that ran Portico). */
async function noSharedWorker(browser: Browser) {
  const cdp = await browser.newBrowserCDPSession()
  await expect.poll(async () => (await cdp.send('Target.getTargets')).targetInfos.filter((t) => t.type === 'shared_worker').length).toBe(0)
  await cdp.detach()
}

/**
 * Closes every tab and waits for the core's SharedWorker to end, then opens a page of the origin that
 * does not run Portico (the service worker's script) and writes the records there, then loads the dapp.
 */
async function reopenWith(context: BrowserContext, browser: Browser, records: Record<string, unknown>, path = '/') {
  await closeAllTabs(context)
  await noSharedWorker(browser)
  const page = await context.newPage()
  await page.goto('/portico-service-worker.js')
  await writeRecords(page, records)
  await page.goto(path)
  return page
}

/** Connects the Sandbox Wallet again: it remembers the dapp it approved, so it may answer without asking. */
async function connectAgain(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Sandbox Wallet' }).click()
  const approve = page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' })
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(approve.or(account)).toBeVisible()
  if (await approve.isVisible()) await approve.click()
  return account
}

async function connectedVisit(page: Page) {
  await page.goto('/')
  const account = await connectSandboxWallet(page)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await page.keyboard.press('Escape')
}

/** A record's envelope as the core writes it (`{ v, kind, savedAt, data }`), with the given parts replaced. */
const envelope = (kind: string, data: unknown, parts: Record<string, unknown> = {}) => ({ v: 2, kind, savedAt: Date.now(), data, ...parts })

test('corrupted records: the valid ones are restored, the rest dropped; the modal connects and shows balances; 0 unhandled', async ({ browser, context, page, sandbox: _ }) => {
  begin(ROW, 'corrupted records')
  const errors = pageErrors(context)
  const worker = sharedWorkerLogs(browser)
  await connectedVisit(page)
  await worker.read()
  const saved = await storedRecords(page)
  expect(Object.keys(saved)).toContain('connection')

  // The next visit finds every record but the session corrupted: garbage of every shape where the
  // core's records were, plus versions it cannot read and records of no kind it knows.
  const caip = `eip155:31337:${WALLET}`
  const garbage: Record<string, unknown> = {
    'recent-wallets': 'not a list',
    'siwx-sessions': envelope('siwxSessions', [{ address: 42, signature: null }]),
    'preferred-account-types': envelope('accountTypes', { eip155: '<script>__xss()</script>' }),
    'embedded-wallet': envelope('embeddedWallet', { email: { toString: 'x' } }),
    'pending-transactions': envelope(
      'pendingTransactions',
      Array.from({ length: 150 }, () => ({ hash: 'nope' })),
    ),
    writes: envelope('writes', [{ id: '__proto__', status: 'sent' }]),
    [`balances:${caip}:usd`]: envelope('portfolio', { source: 'api', balances: [{ symbol: 1, quantity: { numeric: 'NaN' } }] }),
    [`native-balance:${caip}`]: envelope('nativeBalance', { value: '-1', decimals: -3, symbol: 'ETH' }),
    [`transactions:${caip}`]: envelope('transactions', { data: 'x'.repeat(1_000_000), next: 7 }),
    [`identity:${WALLET.toLowerCase()}`]: { v: 999, kind: 'identity', savedAt: 0, data: {} },
    [`nft-holdings:${caip}`]: [1, 2, 3],
    'unknown-kind': { v: 2, kind: 'x', savedAt: 'yesterday', data: { __proto__: { polluted: true } } },
    constructor: null,
  }
  const tab = await reopenWith(context, browser, garbage)
  const account = await accountWithBalance(tab)
  await expect(tab.getByTestId('dapp-status')).toHaveText(`Connected ${WALLET} on Portico Local`)
  for (const name of ['NFTs', 'Activity', 'Tokens']) {
    await account.getByRole('tab', { name }).click()
    await expect(account.getByRole('tabpanel', { name })).toBeVisible()
  }
  await tab.keyboard.press('Escape')
  await worker.read()
  // Each garbage record the core read is gone or replaced by a fresh one.
  const after = await storedRecords(tab)
  const kept = Object.keys(garbage).filter((key) => key in after && JSON.stringify(after[key]) === JSON.stringify(garbage[key]) && !['unknown-kind', 'constructor'].includes(key))
  const dropped = worker.warnings().filter((w) => w.startsWith('Portico: dropped stored record'))
  console.log(`corrupted records: ${dropped.length} dropped with a warning; kept as written: ${kept.length}`)

  // The session record itself corrupted: the visitor starts disconnected, and connecting works.
  await worker.read()
  const third = await reopenWith(context, browser, {
    connection: envelope('connection', { connections: { eip155: { status: 'connected', caipAddress: 'eip155:1:0xnot-an-address' } }, activeNamespace: 'solana', activeCaipNetworkId: 12 }),
  })
  // The account hint shows until the core answers; it has no session to restore.
  await third
    .getByRole('button', { name: new RegExp(`Connect Wallet|${SHORT}`) })
    .first()
    .hover()
  await expect(third.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  const reconnected = await connectAgain(third)
  await expect(reconnected.getByTestId('account-balance')).toContainText('ETH')
  await expect(third.getByTestId('dapp-status')).toHaveText(`Connected ${WALLET} on Portico Local`)
  await worker.read()

  const unhandled = [...errors, ...worker.unhandled()]
  record({
    row: ROW,
    name: 'corrupted records',
    cases: Object.keys(garbage).length + 1,
    unit: 'cases',
    failures: unhandled.length + kept.length,
    examples: [
      ...unhandled.slice(0, 3).map((u) => ({ input: 'corrupted records', problem: `unhandled: ${u}` })),
      ...kept.slice(0, 3).map((k) => ({ input: k, problem: 'garbage kept after the core read it' })),
    ],
  })
  expect({ unhandled, kept }).toEqual({ unhandled: [], kept: [] })
})

test('blocked: another tab holds the database in an upgrade; the core gives up the restore after 1 s, the visitor connects and sees balances; 0 unhandled', async ({
  browser,
  context,
  page,
  sandbox: _,
}) => {
  begin(ROW, 'database blocked by an upgrade')
  const errors = pageErrors(context)
  const worker = sharedWorkerLogs(browser)
  await connectedVisit(page)
  await worker.read()
  const blocker = await reopenWith(context, browser, {})
  // The blocker: a page of the origin upgrades the core's database and keeps the upgrade's transaction
  // alive (one request after another) until told to let go; every other open of the database waits.
  await blocker.goto('/portico-service-worker.js')
  await blocker.evaluate(
    ({ db, store }) =>
      new Promise<void>((resolve, reject) => {
        void indexedDB.databases().then((all) => {
          const version = all.find((d) => d.name === db)?.version ?? 1
          const open = indexedDB.open(db, version + 1)
          const w = window as unknown as { __release?: boolean; __released?: Promise<void> }
          open.onerror = () => reject(open.error)
          open.onupgradeneeded = () => {
            const objects = open.transaction!.objectStore(store)
            const spin = () => {
              if (!w.__release) objects.get('connection').onsuccess = spin
            }
            spin()
            resolve()
          }
          w.__released = new Promise((done) => (open.onsuccess = () => (open.result.close(), done())))
        })
      }),
    { db: DB, store: STORE },
  )
  const tab = await context.newPage()
  await tab.goto('/')
  // The core cannot read the session: after its restore gives up, the visitor is asked to connect, and can.
  await tab
    .getByRole('button', { name: new RegExp(`Connect Wallet|${SHORT}`) })
    .first()
    .hover()
  await expect(tab.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  const account = await connectAgain(tab)
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.getByRole('tabpanel', { name: 'Activity' })).toBeVisible()
  // The other tab lets go: the database answers again, and the modal goes on working.
  await blocker.evaluate(() => {
    const w = window as unknown as { __release?: boolean; __released?: Promise<void> }
    w.__release = true
    return w.__released
  })
  await account.getByRole('tab', { name: 'Tokens' }).click()
  await expect(account.getByTestId('account-balance')).toContainText('ETH')
  await expect(tab.getByTestId('dapp-status')).toHaveText(`Connected ${WALLET} on Portico Local`)
  await worker.read()
  const warnings = worker.warnings()
  const gaveUp = warnings.filter((w) => /not read within/.test(w)).length
  const reports = warnings.filter((w) => /IndexedDB failed/.test(w)).length
  console.log(`blocked: restore given up ${gaveUp} time(s); IndexedDB failure reported ${reports} time(s)`)
  const unhandled = [...errors, ...worker.unhandled()]
  const problems = [
    ...unhandled.map((u) => `unhandled: ${u}`),
    ...(gaveUp === 1 ? [] : [`the restore was given up ${gaveUp} times`]),
    ...(reports <= 1 ? [] : [`the failure was reported ${reports} times`]),
  ]
  record({
    row: ROW,
    name: 'database blocked by an upgrade',
    cases: 1,
    unit: 'cases',
    failures: problems.length,
    examples: problems.slice(0, 3).map((p) => ({ input: 'blocked database', problem: p })),
  })
  expect(problems).toEqual([])
})

test('quota full: writes fail with QuotaExceededError; the caches are evicted, the session and the SIWX session kept; the modal shows balances; 0 unhandled', async ({
  browser,
  context,
  page,
  sandbox: _,
}) => {
  begin(ROW, 'quota full')
  const errors = pageErrors(context)
  const worker = sharedWorkerLogs(browser)
  const isCache = (key: string) => /^(balances|native-balance|transactions|identity|names|nft-holdings):/.test(key)
  // A real quota: the origin may keep 8 MB (the browser reads it when the origin first uses storage).
  const cdp = await context.newCDPSession(page)
  const origin = new URL(test.info().project.use.baseURL!).origin
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 8 * 1024 * 1024 })
  await page.goto('/?siwx=required&sandboxAccount=5')
  await connectSandboxWallet(page)
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Sign', exact: true }).click()
  await page.getByRole('dialog', { name: 'Sandbox Wallet request' }).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('siwx-status')).toContainText(`Signed in as ${SIWX_WALLET}`)
  let account = await accountWithBalance(page, SIWX_SHORT)
  await expect.poll(async () => Object.keys(await storedRecords(page)).filter(isCache).length).toBeGreaterThan(1)
  const before = Object.keys(await storedRecords(page))
  expect(before).toEqual(expect.arrayContaining(['connection', 'siwx-sessions']))

  // Another database of the origin fills what is left, until the browser refuses with QuotaExceededError.
  const refusal = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('ballast')
      open.onupgradeneeded = () => open.result.createObjectStore('b')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    for (let i = 0, size = 512 * 1024; i < 400; i++) {
      const error = await new Promise<DOMException | null>((resolve) => {
        const tx = db.transaction('b', 'readwrite')
        // Random bytes: the browser compresses what it stores, and noise does not shrink.
        const bytes = new Uint8Array(size)
        for (let at = 0; at < size; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536))
        tx.objectStore('b').put(bytes, i)
        tx.oncomplete = () => resolve(null)
        tx.onabort = () => resolve(tx.error)
      })
      if (error && size > 1024) size = Math.floor(size / 4)
      else if (error) return (db.close(), error.name)
    }
    db.close()
    return 'never refused'
  })
  expect(refusal).toBe('QuotaExceededError')
  // The NFTs, never opened before, are fetched and written: a write that meets the full quota.
  await account.getByRole('tab', { name: 'NFTs' }).click()
  await expect(account.getByRole('tabpanel', { name: 'NFTs' })).toBeVisible()
  // The core evicts the caches and tries the write again (which then may fit); the session and SIWX stay.
  await expect.poll(async () => (await worker.read(), worker.warnings().filter((w) => /storage is full: evicted/.test(w)).length)).toBeGreaterThan(0)
  const after = Object.keys(await storedRecords(page))
  const evictedCaches = before.filter((key) => isCache(key) && !after.includes(key))
  // A new core on the same database (a reload): still connected and signed in, and balances shown.
  await page.reload()
  account = await accountWithBalance(page, SIWX_SHORT)
  await expect(page.getByTestId('siwx-status')).toContainText(`Signed in as ${SIWX_WALLET}`)
  await worker.read()
  await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('ballast').onsuccess = resolve)))
  await cdp.send('Storage.overrideQuotaForOrigin', { origin })
  const evictions = worker.warnings().filter((w) => /storage is full: evicted/.test(w)).length
  console.log(`quota full: ${evictions} eviction(s) of ${evictedCaches.length} cached records; kept ${after.join(', ')}`)
  const unhandled = [...errors, ...worker.unhandled()]
  const problems = [
    ...unhandled.map((u) => `unhandled: ${u}`),
    ...['connection', 'siwx-sessions'].filter((k) => !after.includes(k)).map((k) => `"${k}" was evicted`),
    ...(evictions > 0 && evictedCaches.length > 0 ? [] : ['no eviction of the caches was reported']),
  ]
  record({ row: ROW, name: 'quota full', cases: before.length, unit: 'cases', failures: problems.length, examples: problems.slice(0, 3).map((p) => ({ input: 'quota full', problem: p })) })
  expect(problems).toEqual([])
})
