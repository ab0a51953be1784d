import type { Browser, Page } from 'playwright-core'
import { benchDir } from './paths.ts'
import type { Target } from './measure.ts'

/** How the tabs reach the core: one SharedWorker, or (SharedWorker deleted) a leader tab's dedicated worker. */
export type CoreVariant = 'SharedWorker' | 'dedicated'
export const CORE_VARIANTS: readonly CoreVariant[] = ['SharedWorker', 'dedicated']

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NETWORKS = { '0x7a69': 'Portico Local', '0x7a6a': 'Portico Local B' } as const
type ChainHex = keyof typeof NETWORKS
const status = (chain: ChainHex) => `Connected ${ADDRESS} on ${NETWORKS[chain]}`
const TIMEOUT = 10_000

export type TabPushRun = {
  variant: CoreVariant
  rep: number
  /** One entry per change: ms from the switch in tab 1 until each tab (1 = acting, 2, 3) showed it. */
  changes: number[][]
  errors: string[]
}

/** Waits until `page`'s dapp status line reads `text`. */
async function statusIs(page: Page, text: string) {
  await page.getByTestId('dapp-status').filter({ hasText: text }).waitFor({ timeout: TIMEOUT })
  const shown = await page.getByTestId('dapp-status').textContent()
  if (shown !== text) throw new Error(`dapp status reads "${shown}", expected "${text}"`)
}

/**
 * Arms a watcher on the page's dapp status line (bench/page/tabs.js); the returned function resolves
 * with the wall-clock time at which it first read `text`. Expressions are strings: tsx's helpers do
 * not exist in the page.
 */
async function watchStatus(page: Page, key: string, text: string): Promise<() => Promise<number>> {
  await page.evaluate(`window.__benchTabs.watch(${JSON.stringify(key)}, ${JSON.stringify(text)})`)
  return async () => (await page.evaluate(`window.__benchTabs.seen(${JSON.stringify(key)})`)) as number
}

/** Asks tab 1's wallet to switch chain; answers the wall-clock time of the ask, taken in the same task. */
async function switchChain(page: Page, chainId: ChainHex): Promise<number> {
  return (await page.evaluate(`window.__benchTabs.switchChain(${JSON.stringify(chainId)})`)) as number
}

/** Lets the follow-up of the last change (balance reads, renders) finish in every tab before the next. */
async function settle(pages: readonly Page[]) {
  await pages[0]!.waitForTimeout(250)
  await Promise.all(pages.map((p) => p.evaluate('window.__benchTabs.idle()')))
}

/**
 * One repetition in a fresh context: tab 1 connects the Bench Wallet, tabs 2 and 3 open and show the
 * account, then tab 1's wallet switches network `switches` times. Each change is timed from the ask
 * in tab 1 to the moment each tab's dapp status line shows it (DOM updated, clocks compared through
 * performance.timeOrigin). Tabs 2 and 3 hear of it only from the core: their wallets emit nothing.
 */
export async function runTabPush(browser: Browser, target: Target, variant: CoreVariant, rep: number, switches: number): Promise<TabPushRun> {
  const run: TabPushRun = { variant, rep, changes: [], errors: [] }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
  try {
    await context.addInitScript({ path: `${benchDir}page/wallet.js` })
    await context.addInitScript({ path: `${benchDir}page/tabs.js` })
    if (variant === 'dedicated') await context.addInitScript({ content: 'delete window.SharedWorker' })
    const first = await context.newPage()
    await first.goto(`${target.server.url}/`, { waitUntil: 'load' })
    await first.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    await first.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Bench Wallet' }).click()
    await first.getByRole('dialog', { name: 'Account' }).waitFor({ timeout: TIMEOUT })
    await first.keyboard.press('Escape')
    await statusIs(first, status('0x7a69'))
    const tabs = [first]
    for (let i = 0; i < 2; i++) {
      const tab = await context.newPage()
      await tab.goto(`${target.server.url}/`, { waitUntil: 'load' })
      await statusIs(tab, status('0x7a69'))
      tabs.push(tab)
    }
    const hasSharedWorker = (await tabs[1]!.evaluate("typeof SharedWorker !== 'undefined'")) as boolean
    if (hasSharedWorker !== (variant === 'SharedWorker')) throw new Error(`SharedWorker ${hasSharedWorker ? 'present' : 'missing'} in the ${variant} variant`)

    for (let i = 0; i < switches; i++) {
      const chain: ChainHex = i % 2 === 0 ? '0x7a6a' : '0x7a69'
      await settle(tabs)
      const seen = await Promise.all(tabs.map((tab, t) => watchStatus(tab, `__benchSeen_${i}_${t}`, status(chain))))
      const at = await switchChain(first, chain)
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`switch ${i + 1} to ${NETWORKS[chain]}: not shown in every tab within ${TIMEOUT} ms`)), TIMEOUT)
      })
      try {
        const times = await Promise.race([Promise.all(seen.map((s) => s())), timeout])
        run.changes.push(times.map((t) => t - at))
      } finally {
        clearTimeout(timer)
      }
    }
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
  } finally {
    await context.close()
  }
  return run
}

/** The q-quantile (nearest rank) of the values. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

export type TabPushSummary = {
  variant: CoreVariant
  changes: number
  /** Every tab of every change. */
  all: { median: number; p90: number; worst: number } | null
  /** Tabs 2 and 3 only: what the core's push alone costs. */
  otherTabs: { median: number; p90: number; worst: number } | null
  /** The worst tab of each repetition, best and worst of those: how much a run's worst moves. */
  worstPerRep: { min: number; max: number } | null
}

export function summarizeTabPush(runs: readonly TabPushRun[], variant: CoreVariant): TabPushSummary {
  const mine = runs.filter((r) => r.variant === variant)
  const figures = (xs: number[]) => (xs.length ? { median: quantile(xs, 0.5)!, p90: quantile(xs, 0.9)!, worst: Math.max(...xs) } : null)
  const perRep = mine.filter((r) => r.changes.length > 0).map((r) => Math.max(...r.changes.flat()))
  return {
    variant,
    changes: mine.reduce((n, r) => n + r.changes.length, 0),
    all: figures(mine.flatMap((r) => r.changes.flat())),
    otherTabs: figures(mine.flatMap((r) => r.changes.flatMap((c) => c.slice(1)))),
    worstPerRep: perRep.length ? { min: Math.min(...perRep), max: Math.max(...perRep) } : null,
  }
}
