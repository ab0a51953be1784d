// The returning visitor: once connected (the Bench Wallet on the N-tabs sandbox), how long from
// navigation to the page showing the account, for a reload of the tab and for a second tab opened
// beside it (the core already holding everything), at CPU x1 and x4, a fresh context per run. Two
// marks: Portico's Connect button showing the address (its stored hint or the core), and the dapp's
// own `useAccount()` line saying "Connected" (the core's answer). Timed in the page (a
// MutationObserver from the first script, against `performance.now()`, whose origin is the
// navigation's start), with the requests the page made to anything but its own files before the
// button showed. The floor page (bench/floor) goes through the same steps, to its own button: what a
// reload and a new tab cost the browser itself. Figures only; never asserted in a test.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { benchDir } from './paths.ts'
import { connectBenchWallet, openTab, poll, type TabsWorld } from './nTabs.ts'
import { summarize, type Summary } from './stats.ts'
import { table } from './table.ts'

const TIMEOUT = 30_000

export type ReturningRun = {
  cpu: number
  rep: number
  /** Navigation → the Connect button shows the address: the same tab reloaded. */
  reloadMs: number | null
  /** Navigation → the Connect button shows the address: a second tab, the first still open. */
  secondTabMs: number | null
  /** Navigation → the dapp's useAccount() says Connected: reload, second tab. */
  coreMs: { reload: number | null; secondTab: number | null }
  /** Requests other than the page's own files before the button showed the address: reload, second tab. */
  requestsBefore: { reload: number | null; secondTab: number | null }
  /** The floor page (bench/floor) the same way: navigation → its button, reload and second tab: what the browser itself costs each. */
  floor: { reload: number | null; secondTab: number | null }
  errors: string[]
}

/** The floor's mark: its Connect Wallet button in the document (it has no account to show). */
const WATCH_FLOOR = `(() => {
  const mark = { at: null, coreAt: null }
  Object.defineProperty(window, '__benchReturning', { value: mark, enumerable: false })
  const check = () => {
    if (mark.at !== null) return
    if ([...document.querySelectorAll('button')].some((b) => b.textContent === 'Connect Wallet')) {
      mark.at = mark.coreAt = performance.now()
      observer.disconnect()
    }
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, characterData: true })
})()`

/** Records when the Connect button first shows an address and the dapp's status line first says Connected (before any page script runs). */
const WATCH_BUTTON = `(() => {
  const mark = { at: null, coreAt: null }
  Object.defineProperty(window, '__benchReturning', { value: mark, enumerable: false })
  const check = () => {
    const button = document.querySelector('.portico-connect-button')?.textContent ?? ''
    if (mark.at === null && /^0x[0-9a-fA-F]{4}/.test(button)) mark.at = performance.now()
    const status = document.querySelector('[data-testid="dapp-status"]')?.textContent ?? ''
    if (mark.coreAt === null && status.startsWith('Connected')) mark.coreAt = performance.now()
    if (mark.at !== null && mark.coreAt !== null) observer.disconnect()
  }
  const observer = new MutationObserver(check)
  observer.observe(document, { subtree: true, childList: true, characterData: true })
})()`

/** Requests of `page` to anything but the page's own origin, each with its time (performance.now() of the page's clock is not reachable here, so wall time). */
function countRequests(page: Page, origin: string): { at: number }[] {
  const seen: { at: number }[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(origin)) seen.push({ at: Date.now() })
  })
  return seen
}

/** Navigation start (wall time) and both marks, once both showed. */
async function shown(page: Page): Promise<{ ms: number; coreMs: number; navigationStart: number }> {
  const mark = (await poll(page, 'window.__benchReturning?.at == null || window.__benchReturning.coreAt == null ? null : window.__benchReturning', 'the account not shown')) as {
    at: number
    coreAt: number
  }
  const navigationStart = (await page.evaluate('performance.timeOrigin')) as number
  return { ms: mark.at, coreMs: mark.coreAt, navigationStart }
}

async function throttle(context: BrowserContext, page: Page, cpu: number): Promise<void> {
  if (cpu === 1) return
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
}

export async function runReturning(browser: Browser, world: TabsWorld, cpu: number, rep: number): Promise<ReturningRun> {
  const run: ReturningRun = {
    cpu,
    rep,
    reloadMs: null,
    secondTabMs: null,
    coreMs: { reload: null, secondTab: null },
    requestsBefore: { reload: null, secondTab: null },
    floor: { reload: null, secondTab: null },
    errors: [],
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
  const origin = world.server.url
  try {
    await context.addInitScript({ content: `window.__benchWalletRpc = ${JSON.stringify(world.rpc)}` })
    await context.addInitScript({ path: `${benchDir}page/wallet.js` })
    await context.addInitScript({ content: WATCH_BUTTON })
    // The first visit: connect, the Account view shows the balance, the modal closed.
    const page = await openTab(context, `${origin}/`)
    const account = await connectBenchWallet(page)
    await page.keyboard.press('Escape')
    await account.waitFor({ state: 'hidden', timeout: TIMEOUT })
    await page.waitForTimeout(500)

    // A second tab beside it.
    const tab = await context.newPage()
    await throttle(context, tab, cpu)
    const tabRequests = countRequests(tab, origin)
    await tab.goto(`${origin}/`, { waitUntil: 'commit' })
    const second = await shown(tab)
    run.secondTabMs = second.ms
    run.coreMs.secondTab = second.coreMs
    run.requestsBefore.secondTab = tabRequests.filter((r) => r.at <= second.navigationStart + second.ms).length
    await tab.close()

    // The first tab reloaded.
    await throttle(context, page, cpu)
    const pageRequests = countRequests(page, origin)
    await page.reload({ waitUntil: 'commit' })
    const reloaded = await shown(page)
    run.reloadMs = reloaded.ms
    run.coreMs.reload = reloaded.coreMs
    run.requestsBefore.reload = pageRequests.filter((r) => r.at <= reloaded.navigationStart + reloaded.ms).length
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
  } finally {
    await context.close()
  }
  run.floor = await floorReturning(browser, world, cpu).catch((error: unknown) => {
    run.errors.push(`floor: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]!}`)
    return { reload: null, secondTab: null }
  })
  return run
}

/** The floor page in the same steps: one visit, then a second tab beside it, then the first reloaded. */
async function floorReturning(browser: Browser, world: TabsWorld, cpu: number): Promise<ReturningRun['floor']> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript({ content: WATCH_FLOOR })
    const page = await openTab(context, `${world.floor.url}/`)
    await shown(page)
    await page.waitForTimeout(500)
    const tab = await context.newPage()
    await throttle(context, tab, cpu)
    await tab.goto(`${world.floor.url}/`, { waitUntil: 'commit' })
    const secondTab = (await shown(tab)).ms
    await tab.close()
    await throttle(context, page, cpu)
    await page.reload({ waitUntil: 'commit' })
    return { reload: (await shown(page)).ms, secondTab }
  } finally {
    await context.close()
  }
}

export type ReturningSummary = {
  cpu: number
  reload: Summary | null
  secondTab: Summary | null
  core: { reload: Summary | null; secondTab: Summary | null }
  requestsBefore: { reload: number | null; secondTab: number | null }
  floor: { reload: Summary | null; secondTab: Summary | null }
}

export function summarizeReturning(runs: readonly ReturningRun[], cpu: number): ReturningSummary {
  const mine = runs.filter((r) => r.cpu === cpu)
  const most = (xs: (number | null)[]) => xs.reduce<number | null>((m, x) => (x === null ? m : Math.max(m ?? 0, x)), null)
  return {
    cpu,
    reload: summarize(mine.map((r) => r.reloadMs)),
    secondTab: summarize(mine.map((r) => r.secondTabMs)),
    core: { reload: summarize(mine.map((r) => r.coreMs.reload)), secondTab: summarize(mine.map((r) => r.coreMs.secondTab)) },
    requestsBefore: { reload: most(mine.map((r) => r.requestsBefore.reload)), secondTab: most(mine.map((r) => r.requestsBefore.secondTab)) },
    floor: { reload: summarize(mine.map((r) => r.floor.reload)), secondTab: summarize(mine.map((r) => r.floor.secondTab)) },
  }
}

export function returningTable(summaries: readonly ReturningSummary[], reps: number): string {
  const ms = (s: Summary | null) => (s ? `${s.median.toFixed(0)} [${s.min.toFixed(0)}–${s.max.toFixed(0)}]` : '—')
  return table(
    [`The returning visitor: navigation → the account shown (demo, Bench Wallet, median [min–max] of ${reps})`, ...summaries.map((s) => `CPU x${s.cpu}`)],
    [
      ['Connect button shows the address: reload (ms)', ...summaries.map((s) => ms(s.reload))],
      ['Connect button shows the address: second tab, the first open (ms)', ...summaries.map((s) => ms(s.secondTab))],
      ['  floor: its button, reload (ms)', ...summaries.map((s) => ms(s.floor.reload))],
      ['  floor: its button, second tab (ms)', ...summaries.map((s) => ms(s.floor.secondTab))],
      [
        'Second tab − reload: Portico / floor (ms, medians)',
        ...summaries.map((s) =>
          s.reload && s.secondTab && s.floor.reload && s.floor.secondTab
            ? `${(s.secondTab.median - s.reload.median).toFixed(0)} / ${(s.floor.secondTab.median - s.floor.reload.median).toFixed(0)}`
            : '—',
        ),
      ],
      ['The dapp’s useAccount() says Connected: reload (ms)', ...summaries.map((s) => ms(s.core.reload))],
      ['The dapp’s useAccount() says Connected: second tab (ms)', ...summaries.map((s) => ms(s.core.secondTab))],
      [
        'Requests beyond the page’s files before the button (most of any run): reload / second tab',
        ...summaries.map((s) => `${s.requestsBefore.reload ?? '—'} / ${s.requestsBefore.secondTab ?? '—'}`),
      ],
    ],
  )
}
