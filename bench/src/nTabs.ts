// The cost of N tabs: 1, 4, 16 and 32 tabs of the demo connected to one account, against a sandbox of
// their own (real anvil chains and the data API). For each N: the upstream requests the tabs caused
// (the data API's log and the chains' JSON-RPC calls, counted by a proxy in front of each chain), the
// core's memory (the SharedWorker's JS heap after a GC, read over CDP), and how long a balance change
// takes to reach every tab (a send from tab 1, followed by the core to its receipt, then one read
// pushed to all). Reported, never asserted.
import { writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, CDPSession, Frame, Page } from 'playwright-core'
import { startSandbox, type Sandbox } from '@portico/sandbox'
import { contentSecurityPolicy } from '../../demo/vite.config.ts'
import { buildApp } from './build.ts'
import { benchDir, outDir, PORT_OFFSET } from './paths.ts'
import { serveStatic, type StaticServer } from './serve.ts'
import { quantile } from './tabs.ts'
import { table } from './table.ts'

export const TAB_COUNTS = [1, 4, 16, 32] as const
/** Repetitions per N (`BENCH_TABS_REPS`, default 3): 53 tabs opened each time. */
export const TABS_REPS = Math.max(1, Number(process.env['BENCH_TABS_REPS'] ?? 3))
const ACCOUNT_BUTTON = '0xf39F…2266'
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TIMEOUT = 30_000
/** The sandbox's ports (chains, data API and the services after it), apart from `npm start`'s and the tests'. */
const BASE = { chainA: 26545, chainB: 26546, dataApi: 26787, demo: 5183, floor: 5184 } as const
const port = (key: keyof typeof BASE) => BASE[key] + PORT_OFFSET

/** A JSON-RPC proxy in front of a chain that logs the calls by method (batches logged per call), with when each came. */
type CountingProxy = { url: string; calls: { method: string; at: number }[]; reset(): void; close(): Promise<void> }

function countingProxy(target: string): Promise<CountingProxy> {
  const calls: { method: string; at: number }[] = []
  const upstream = new URL(target)
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const at = Date.now()
      if (req.method !== 'POST') calls.push({ method: `${req.method} (CORS preflight)`, at })
      else
        try {
          const parsed = JSON.parse(body.toString('utf8') || 'null') as unknown
          for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
            calls.push({ method: call && typeof call === 'object' && 'method' in call ? String(call.method) : '(none)', at })
          }
        } catch {
          calls.push({ method: '(not JSON)', at })
        }
      const headers = { ...req.headers, host: upstream.host, 'content-length': String(body.length) }
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      out.on('error', () => {
        res.writeHead(502)
        res.end()
      })
      out.end(body)
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as AddressInfo
      resolve({ url: `http://127.0.0.1:${p}`, calls, reset: () => void calls.splice(0), close: () => new Promise((r) => server.close(() => r())) })
    })
  })
}

export type TabsWorld = { sandbox: Sandbox; proxies: CountingProxy[]; server: StaticServer; floor: StaticServer; rpc: Record<string, string>; close(): Promise<void> }

/**
 * Starts the sandbox on the bench's own ports, a counting proxy before each chain, and builds and
 * serves the demo configured for them (`bench/.out/demo-tabs`, the bytes figures' build untouched).
 */
export async function prepareTabsWorld(log: (line: string) => void): Promise<TabsWorld> {
  const started = Date.now()
  const sandbox = await startSandbox({
    chainPorts: { a: port('chainA'), b: port('chainB') },
    dataApiPort: port('dataApi'),
    seedHistory: false,
    env: { ...process.env, PORTICO_SANDBOX_BUNDLER: 'off' },
  })
  const proxies: CountingProxy[] = []
  try {
    const [a, b] = [sandbox.chains.find((c) => c.key === 'a')!, sandbox.chains.find((c) => c.key === 'b')!]
    proxies.push(await countingProxy(a.rpcUrl), await countingProxy(b.rpcUrl))
    const out = `${outDir}demo-tabs`
    await buildApp('demo', {
      PORTICO_DEMO_OUT: out,
      VITE_PORTICO_CHAIN_A_RPC: proxies[0]!.url,
      VITE_PORTICO_CHAIN_B_RPC: proxies[1]!.url,
      VITE_PORTICO_API_URL: `http://127.0.0.1:${port('dataApi')}`,
      VITE_PORTICO_CATALOGUE_URL: `http://127.0.0.1:${port('dataApi') + 1}`,
      VITE_PORTICO_FRAME_URL: sandbox.frame.url,
    })
    const floorOut = `${outDir}floor-tabs`
    await buildApp('floor', { BENCH_FLOOR_OUT: floorOut, PORTICO_DEMO_OUT: floorOut })
    // The demo's policy, framing this sandbox's frame service.
    const policy = contentSecurityPolicy(new URL(sandbox.frame.url).origin)
    const server = await serveStatic(out, port('demo'), { 'Content-Security-Policy': policy })
    const floor = await serveStatic(floorOut, port('floor'), { 'Content-Security-Policy': policy })
    log(`N tabs: sandbox, demo and floor ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    const rpc = { '0x7a69': a.rpcUrl, '0x7a6a': b.rpcUrl }
    return { sandbox, proxies, server, floor, rpc, close: async () => void (await Promise.all([server.close(), floor.close(), ...proxies.map((p) => p.close()), sandbox.stop()])) }
  } catch (error) {
    await Promise.all([...proxies.map((p) => p.close()), sandbox.stop()])
    throw error
  }
}

export type TabsRun = {
  tabs: number
  rep: number
  /** Upstream requests from the first tab's connect until every tab shows the account's balance. */
  openRequests: Requests | null
  /** Upstream requests from the wallet answering the send until every tab shows the new balance. */
  changeRequests: Requests | null
  /** ms from the wallet answering the send to each tab showing the new balance, in tab order. */
  reach: number[]
  /** The SharedWorker's used JS heap after a GC, bytes. */
  workerHeap: number | null
  /** The state pushes each tab received from the send to its new balance (and the follow-up reads' 1.5 s): count and JSON bytes, in tab order. */
  pushes: { count: number; bytes: number }[]
  /**
   * From the core's push of the new balance (the earliest arrival, in any tab, of the push each tab
   * showed it after) to the last tab showing it: the fan-out, comparable with the floor's post → last tab.
   */
  fanOutMs: number | null
  /** Main-thread time (CDP `TaskDuration`) each tab spent from the send until the follow-up reads landed, ms, in tab order. */
  taskMs: number[]
  errors: string[]
}

/** The floor's N tabs (bench/floor: a BroadcastChannel and React): tab 1 shows a new value and posts it; each tab renders it. */
export type FloorTabsRun = {
  tabs: number
  /** ms from tab 1's post to each tab showing the value, in tab order. */
  reach: number[]
  /** Main-thread time each tab spent from the post until every tab showed it and 200 ms more, ms. */
  taskMs: number[]
  errors: string[]
}
/** `dataApi`: requests by kind (the path with addresses and ids cut); `rpc`: JSON-RPC calls by method. */
export type Requests = { dataApi: Record<string, number>; rpc: Record<string, number>; total: number }

/** The upstream requests logged since the last reset, from `since` (epoch ms) on. */
function requestsSince(world: TabsWorld, since = 0): Requests {
  const dataApi: Record<string, number> = {}
  for (const r of world.sandbox.dataApi.requests()) {
    if (r.time < since) continue
    // Token icons are the page's images (cached by the browser and the service worker), not reads.
    if (/\.(svg|png|webp)$/.test(r.path)) continue
    const kind = `${r.method} ${r.path.replace(/0x[0-9a-fA-F]+|eip155:\d+:0x[0-9a-fA-F]+|\d{3,}/g, '…')}`
    dataApi[kind] = (dataApi[kind] ?? 0) + 1
  }
  const rpc: Record<string, number> = {}
  for (const p of world.proxies) for (const { method, at } of p.calls) if (at >= since) rpc[method] = (rpc[method] ?? 0) + 1
  const total = Object.values(dataApi).reduce((s, n) => s + n, 0) + Object.values(rpc).reduce((s, n) => s + n, 0)
  return { dataApi, rpc, total }
}

function resetRequests(world: TabsWorld) {
  world.sandbox.dataApi.clearRequests()
  for (const p of world.proxies) p.reset()
}

export async function openTab(context: BrowserContext, url: string): Promise<Page> {
  const tab = await context.newPage()
  await tab.goto(url, { waitUntil: 'load' })
  return tab
}

/** Connects the Bench Wallet from Connect Wallet in `page` and waits for the Account view's balance; answers that view. */
export async function connectBenchWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Bench Wallet' }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account
    .getByTestId('account-balance')
    .filter({ hasText: /\d.*ETH/ })
    .waitFor({ timeout: TIMEOUT })
  return account
}

/** Opens the Account view from the header's account button and waits for its balance. */
async function showAccount(tab: Page): Promise<string> {
  const dialog = tab.getByRole('dialog', { name: 'Account' })
  if (!(await dialog.isVisible())) await tab.getByRole('button', { name: ACCOUNT_BUTTON, exact: true }).click({ timeout: TIMEOUT })
  const balance = dialog.getByTestId('account-balance')
  await balance.filter({ hasText: /\d.*ETH/ }).waitFor({ timeout: TIMEOUT })
  return (await balance.textContent()) ?? ''
}

/** The shared worker's heap after a GC, through the browser's CDP target list. */
async function workerHeap(browserCdp: CDPSession): Promise<number | null> {
  const { targetInfos } = (await browserCdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] }
  const worker = targetInfos.find((t) => t.type === 'shared_worker' && /shared\.worker/.test(t.url))
  if (!worker) return null
  const { sessionId } = (await browserCdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as { sessionId: string }
  let id = 0
  const pending = new Map<number, (value: unknown) => void>()
  const onMessage = (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return
    const message = JSON.parse(event.message) as { id?: number; result?: unknown }
    if (message.id !== undefined) pending.get(message.id)?.(message.result)
  }
  browserCdp.on('Target.receivedMessageFromTarget', onMessage)
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      id += 1
      pending.set(id, resolve)
      void browserCdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
    })
  try {
    await send('HeapProfiler.enable')
    await send('HeapProfiler.collectGarbage')
    const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number } | undefined
    return usage?.usedSize ?? null
  } finally {
    browserCdp.off('Target.receivedMessageFromTarget', onMessage)
    await browserCdp.send('Target.detachFromTarget', { sessionId }).catch(() => {})
  }
}

/** Main-thread time so far, ms, from Chromium's own counter (`Performance.getMetrics`' `TaskDuration`). */
async function taskTime(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000
}

/** A CDP session per tab with its performance counters on. */
async function taskCounters(context: BrowserContext, pages: readonly Page[]): Promise<CDPSession[]> {
  return Promise.all(
    pages.map(async (p) => {
      const cdp = await context.newCDPSession(p)
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
      return cdp
    }),
  )
}

/**
 * The floor's N tabs: each opens the floor page, tab 1 shows a new value and posts it over a
 * BroadcastChannel, and each tab's render of it is timed as Portico's balance is (bench/page/balance.js).
 */
export async function runFloorTabs(browser: Browser, world: TabsWorld, tabs: number): Promise<FloorTabsRun> {
  const run: FloorTabsRun = { tabs, reach: [], taskMs: [], errors: [] }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript({ path: `${benchDir}page/balance.js` })
    const pages: Page[] = []
    for (let i = 0; i < tabs; i++) pages.push(await openTab(context, `${world.floor.url}/`))
    await Promise.all(pages.map((p) => p.getByTestId('account-balance').filter({ hasText: '1 ETH' }).waitFor({ timeout: TIMEOUT })))
    await Promise.all(pages.map((p) => p.evaluate(`window.__benchBalance.watch('1 ETH')`)))
    const counters = await taskCounters(context, pages)
    const before = await Promise.all(counters.map(taskTime))
    const postedAt = (await pages[0]!.evaluate(`(() => { const at = performance.timeOrigin + performance.now(); window.__floorBalance('2 ETH'); return at })()`)) as number
    const seen = await Promise.all(pages.map(async (p, i) => (await poll(p, 'window.__benchBalance.seen()', `floor tab ${i + 1}: the value did not change`)) as { at: number }))
    await pages[0]!.waitForTimeout(200)
    const after = await Promise.all(counters.map(taskTime))
    run.reach = seen.map((s) => s.at - postedAt)
    run.taskMs = after.map((t, i) => t - before[i]!)
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
  } finally {
    await context.close()
  }
  return run
}

/** Sends 0.01 ETH from tab 1's Account view the way a visitor does; resolves once the wallet answered. */
async function sendFromFirstTab(tab: Page) {
  const account = tab.getByRole('dialog', { name: 'Account' })
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const dialog = tab.getByRole('dialog', { name: 'Send' })
  await dialog.getByRole('textbox', { name: /Amount/ }).fill('0.01')
  await dialog.getByRole('textbox', { name: /Recipient/ }).fill(RECEIVER)
  await dialog.getByRole('button', { name: 'Review' }).click()
  await dialog.getByRole('button', { name: 'Send', exact: true }).click()
  return (await poll(tab, 'window.__benchWalletSentAt ?? null', 'the wallet was not asked to send')) as number
}

/**
 * Evaluates `expression` in the page until it is not null (the page's CSP forbids eval, which
 * Playwright's string form of waitForFunction needs; evaluate goes through the DevTools protocol).
 */
export async function poll(page: Page | Frame, expression: string, what: string): Promise<unknown> {
  const until = Date.now() + TIMEOUT
  for (;;) {
    const value: unknown = await page.evaluate(expression)
    if (value !== null && value !== undefined) return value
    if (Date.now() > until) throw new Error(`${what} within ${TIMEOUT / 1000} s`)
    await page.waitForTimeout(20)
  }
}

/**
 * One repetition for N tabs in a fresh context: tab 1 connects the Bench Wallet, N - 1 more tabs
 * open, every tab shows the Account view with its balance; then tab 1 sends 0.01 ETH and each tab
 * waits for its balance to change.
 */
export async function runTabs(browser: Browser, world: TabsWorld, tabs: number, rep: number): Promise<TabsRun> {
  const run: TabsRun = { tabs, rep, openRequests: null, changeRequests: null, reach: [], workerHeap: null, pushes: [], fanOutMs: null, taskMs: [], errors: [] }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
  const browserCdp = await browser.newBrowserCDPSession()
  try {
    await context.addInitScript({ content: `window.__benchWalletRpc = ${JSON.stringify(world.rpc)}` })
    await context.addInitScript({ path: `${benchDir}page/wallet.js` })
    await context.addInitScript({ path: `${benchDir}page/balance.js` })
    await context.addInitScript({ path: `${benchDir}page/pushes.js` })
    resetRequests(world)
    const first = await openTab(context, `${world.server.url}/`)
    await first.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    await first.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Bench Wallet' }).click()
    await first.getByRole('dialog', { name: 'Account' }).waitFor({ timeout: TIMEOUT })
    const pages = [first]
    for (let i = 1; i < tabs; i++) pages.push(await openTab(context, `${world.server.url}/`))
    const shown = await Promise.all(pages.map(showAccount))
    run.openRequests = requestsSince(world)
    const before = shown[0]!
    if (shown.some((s) => s !== before)) throw new Error(`tabs disagree on the balance: ${[...new Set(shown)].join(' / ')}`)

    await Promise.all(pages.map((p) => p.evaluate(`window.__benchBalance.watch(${JSON.stringify(before)}); window.__benchPushes.reset()`)))
    const counters = await taskCounters(context, pages)
    // BENCH_TABS_PROFILE=1: a CPU profile of the last tab (one that only follows) over the change, in bench/.out/.
    const profiled = process.env['BENCH_TABS_PROFILE'] && tabs > 1 ? counters[counters.length - 1]! : null
    if (profiled) {
      await profiled.send('Profiler.enable')
      await profiled.send('Profiler.setSamplingInterval', { interval: 100 })
      await profiled.send('Profiler.start')
    }
    const tasksBefore = await Promise.all(counters.map(taskTime))
    resetRequests(world)
    const sentAt = await sendFromFirstTab(first)
    const seen = await Promise.all(pages.map(async (p, i) => (await poll(p, 'window.__benchBalance.seen()', `tab ${i + 1}: the balance did not change`)) as { at: number; text: string }))
    // Let the follow-up reads of the change (Activity, the pending row) land before counting.
    await first.waitForTimeout(1500)
    const tasksAfter = await Promise.all(counters.map(taskTime))
    run.taskMs = tasksAfter.map((t, i) => t - tasksBefore[i]!)
    if (profiled) {
      const { profile } = (await profiled.send('Profiler.stop')) as { profile: unknown }
      writeFileSync(`${outDir}tabs-${tabs}-${rep}.cpuprofile`, JSON.stringify(profile))
    }
    // From the wallet's answer (the page's wall clock; same machine): what following the transaction
    // and refreshing the account costs (the Send view's own estimates before it are the same for any N).
    run.changeRequests = requestsSince(world, Math.floor(sentAt))
    const received = await Promise.all(pages.map(async (p) => (await p.evaluate('window.__benchPushes.read()')) as { bytes: number; at: number; slices: string[] }[]))
    if (process.env['BENCH_TABS_KEYS'])
      console.log(
        `${tabs} tabs #${rep + 1}, the last tab's pushes: ${received
          .at(-1)!
          .map((push) => `[${push.slices.join(', ')}]`)
          .join(' ')}`,
      )
    run.pushes = received.map((pushes) => ({ count: pushes.length, bytes: pushes.reduce((sum, push) => sum + push.bytes, 0) }))
    // The push each tab showed the new balance after: its last one before it did.
    const carried = received.map((pushes, i) => Math.max(...pushes.filter((push) => push.at <= seen[i]!.at).map((push) => push.at)))
    if (carried.every(Number.isFinite)) run.fanOutMs = Math.max(...seen.map((s) => s.at)) - Math.min(...carried)
    run.reach = seen.map((s) => s.at - sentAt)
    if (new Set(seen.map((s) => s.text)).size > 1) run.errors.push(`tabs show different new balances: ${[...new Set(seen.map((s) => s.text))].join(' / ')}`)
    run.workerHeap = await workerHeap(browserCdp)
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
    if (process.env.BENCH_TABS_SHOTS) for (const [i, p] of context.pages().entries()) await p.screenshot({ path: `${outDir}tabs-${tabs}-${rep}-${i + 1}.png` }).catch(() => {})
  } finally {
    await browserCdp.detach().catch(() => {})
    await context.close()
  }
  return run
}

/** Every count `reps` times, interleaved, each followed by the floor's run of as many tabs. */
export async function measureTabs(browser: Browser, world: TabsWorld, counts: readonly number[], reps: number, log: (line: string) => void) {
  const runs: TabsRun[] = []
  const floorRuns: FloorTabsRun[] = []
  for (let rep = 0; rep < reps; rep++) {
    for (const n of counts) {
      const run = await runTabs(browser, world, n, rep)
      runs.push(run)
      for (const error of run.errors) log(`N tabs (${n}) #${rep + 1}: ${error}`)
      const floor = await runFloorTabs(browser, world, n)
      floorRuns.push(floor)
      for (const error of floor.errors) log(`N tabs, floor (${n}) #${rep + 1}: ${error}`)
    }
  }
  return { runs, floorRuns, summaries: counts.map((n) => summarizeTabs(runs, n, floorRuns)) }
}

export type TabsSummary = {
  tabs: number
  runs: number
  openRequests: { median: number; max: number } | null
  changeRequests: { median: number; max: number } | null
  /** The requests of one kind most repeated after the change (at most 1 when every read is shared). */
  changeMostRepeated: { kind: string; count: number } | null
  firstTabMs: number | null
  lastTabMs: number | null
  spreadMs: number | null
  workerHeapMiB: number | null
  /** Per tab, median over tabs and runs: the state pushes one send brought, and their JSON bytes. */
  pushesPerTab: number | null
  bytesPerTab: number | null
  bytesPerPush: number | null
  /** The core's push of the new balance → the last tab showing it (median of runs). */
  fanOutMs: number | null
  /** Main-thread ms per tab for one send, median over the tabs that only follow (2…N; tab 1 with one tab). */
  taskMsPerTab: number | null
  /** The floor's post → last tab, and its main-thread ms per receiving tab (medians of its runs). */
  floorLastMs: number | null
  floorTaskMsPerTab: number | null
}

const median = (xs: number[]) => quantile(xs, 0.5)

export function summarizeTabs(runs: readonly TabsRun[], tabs: number, floorRuns: readonly FloorTabsRun[] = []): TabsSummary {
  const mine = runs.filter((r) => r.tabs === tabs && r.errors.length === 0)
  const floors = floorRuns.filter((r) => r.tabs === tabs && r.errors.length === 0)
  const followers = (taskMs: number[]) => (taskMs.length > 1 ? taskMs.slice(1) : taskMs)
  const figure = (xs: number[]) => (xs.length ? { median: median(xs)!, max: Math.max(...xs) } : null)
  const repeated = mine.flatMap((r) => (r.changeRequests ? [...Object.entries(r.changeRequests.dataApi), ...Object.entries(r.changeRequests.rpc).map(([m, n]) => [`rpc ${m}`, n] as const)] : []))
  const worst = repeated.sort((a, b) => b[1] - a[1])[0]
  const heaps = mine.flatMap((r) => (r.workerHeap === null ? [] : [r.workerHeap]))
  return {
    tabs,
    runs: mine.length,
    openRequests: figure(mine.flatMap((r) => (r.openRequests ? [r.openRequests.total] : []))),
    changeRequests: figure(mine.flatMap((r) => (r.changeRequests ? [r.changeRequests.total] : []))),
    changeMostRepeated: worst ? { kind: worst[0], count: worst[1] } : null,
    firstTabMs: median(mine.map((r) => Math.min(...r.reach))),
    lastTabMs: median(mine.map((r) => Math.max(...r.reach))),
    spreadMs: median(mine.map((r) => Math.max(...r.reach) - Math.min(...r.reach))),
    workerHeapMiB: heaps.length ? median(heaps)! / 2 ** 20 : null,
    pushesPerTab: median(mine.flatMap((r) => r.pushes.map((p) => p.count))),
    bytesPerTab: median(mine.flatMap((r) => r.pushes.map((p) => p.bytes))),
    bytesPerPush: median(mine.flatMap((r) => r.pushes.filter((p) => p.count > 0).map((p) => p.bytes / p.count))),
    fanOutMs: median(mine.flatMap((r) => (r.fanOutMs === null ? [] : [r.fanOutMs]))),
    taskMsPerTab: median(mine.flatMap((r) => followers(r.taskMs))),
    floorLastMs: median(floors.map((r) => Math.max(...r.reach))),
    floorTaskMsPerTab: median(floors.flatMap((r) => followers(r.taskMs))),
  }
}

/** One column per N: how each figure grows with the number of tabs. */
export function tabsTable(summaries: readonly TabsSummary[], reps: number): string {
  const ms = (x: number | null) => (x === null ? '—' : x.toFixed(0))
  const req = (f: { median: number; max: number } | null) => (f ? (f.median === f.max ? String(f.median) : `${f.median} [max ${f.max}]`) : '—')
  const rows = [
    ['Upstream requests: connect, then every tab shows the balance', ...summaries.map((s) => req(s.openRequests))],
    ['Upstream requests: sent, then every tab shows the new balance', ...summaries.map((s) => req(s.changeRequests))],
    ['  … most repeated request of those (count)', ...summaries.map((s) => (s.changeMostRepeated ? `${s.changeMostRepeated.count} (${s.changeMostRepeated.kind})` : '—'))],
    ['Balance change → first tab shows it (ms)', ...summaries.map((s) => ms(s.firstTabMs))],
    ['Balance change → every tab shows it (ms)', ...summaries.map((s) => ms(s.lastTabMs))],
    ['  spread, last tab − first tab (ms)', ...summaries.map((s) => ms(s.spreadMs))],
    ["The core's push of it → every tab shows it (ms)", ...summaries.map((s) => ms(s.fanOutMs))],
    ['  floor: BroadcastChannel post → every tab shows it (ms)', ...summaries.map((s) => ms(s.floorLastMs))],
    ['  against the floor (x)', ...summaries.map((s) => (s.fanOutMs !== null && s.floorLastMs ? (s.fanOutMs / s.floorLastMs).toFixed(1) : '—'))],
    ['Main-thread time per following tab for one send (ms)', ...summaries.map((s) => ms(s.taskMsPerTab))],
    ['  floor: per receiving tab for one change (ms)', ...summaries.map((s) => ms(s.floorTaskMsPerTab))],
    ['State pushes per tab for one send (count)', ...summaries.map((s) => ms(s.pushesPerTab))],
    ['  … their bytes per tab (JSON)', ...summaries.map((s) => ms(s.bytesPerTab))],
    ['  … bytes per push (JSON)', ...summaries.map((s) => ms(s.bytesPerPush))],
    ["Core's memory: SharedWorker JS heap after GC (MiB)", ...summaries.map((s) => (s.workerHeapMiB === null ? '—' : s.workerHeapMiB.toFixed(2)))],
    ['Repetitions without error', ...summaries.map((s) => `${s.runs} of ${reps}`)],
  ]
  return [
    table(['N tabs of the demo on one account, CPU x1, median', ...summaries.map((s) => `${s.tabs} tab${s.tabs === 1 ? '' : 's'}`)], rows),
    "Upstream: the data API's requests and the chains' JSON-RPC calls (a counting proxy before each). A balance change: tab 1 sends 0.01 ETH; timed from the wallet answering to each tab's balance (DOM updated), the core following the transaction to its receipt (polled every 500 ms) first. The floor: bench/floor's page in as many tabs, one of which shows a new value and posts it over a BroadcastChannel. Main-thread time: Chromium's TaskDuration per tab, from the send until the follow-up reads landed (the floor: until every tab showed the value, and 200 ms more).",
  ].join('\n')
}
