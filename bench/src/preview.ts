// A write's simulated preview: how long the Review step of Send shows "Simulating on the network…"
// before its Balance changes (the core simulating the calls with eth_simulateV1 on the chain's own
// node, then pushing the answer to the page), in the demo connected to the Bench Wallet on the N-tabs
// sandbox, at CPU x1 and x4, a fresh context per run. Timed in the page by a MutationObserver:
// from the preview's section appearing to its first change row. Reported with its budget (300 ms at
// x1); never asserted in a test.
import type { Browser } from 'playwright-core'
import { benchDir } from './paths.ts'
import { connectBenchWallet, openTab, poll, RECEIVER, type TabsWorld } from './nTabs.ts'
import { summarize, type Summary } from './stats.ts'
import { table } from './table.ts'

/** The budget of Review shown → balance changes shown at CPU x1, on the sandbox. */
export const PREVIEW_BUDGET_MS = 300
const TIMEOUT = 30_000

export type PreviewRun = { cpu: number; rep: number; ms: number | null; changes: string[]; errors: string[] }

/**
 * Records in the page when the preview's section first shows and when its first change row does
 * (a string: evaluated through the DevTools protocol, so the page's CSP allows it and no bundler
 * helper leaks into it).
 */
const WATCH_PREVIEW = `(() => {
  const marks = { shownAt: null, changesAt: null }
  window.__benchPreview = marks
  const observer = new MutationObserver(() => {
    if (marks.shownAt === null && document.querySelector('[data-testid="write-preview"]')) marks.shownAt = performance.now()
    if (marks.changesAt === null && document.querySelector('[data-testid="preview-change"]')) {
      marks.changesAt = performance.now()
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

export async function runPreview(browser: Browser, world: TabsWorld, cpu: number, rep: number): Promise<PreviewRun> {
  const run: PreviewRun = { cpu, rep, ms: null, changes: [], errors: [] }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
  try {
    await context.addInitScript({ content: `window.__benchWalletRpc = ${JSON.stringify(world.rpc)}` })
    await context.addInitScript({ path: `${benchDir}page/wallet.js` })
    const page = await openTab(context, `${world.server.url}/`)
    const account = await connectBenchWallet(page)
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Send' })
    await dialog.getByRole('textbox', { name: /Amount/ }).fill('0.01')
    await dialog.getByRole('textbox', { name: /Recipient/ }).fill(RECEIVER)
    // The fee estimate first (the form's own reads), then the throttled review alone.
    await dialog.getByTestId('send-fee').filter({ hasText: 'ETH' }).waitFor({ timeout: TIMEOUT })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu })
    await page.evaluate(WATCH_PREVIEW)
    await dialog.getByRole('button', { name: 'Review' }).click()
    const marks = (await poll(page, 'window.__benchPreview?.changesAt == null ? null : window.__benchPreview', 'no balance changes shown')) as { shownAt: number | null; changesAt: number }
    if (marks.shownAt === null) throw new Error('the preview never showed before its changes')
    run.ms = marks.changesAt - marks.shownAt
    run.changes = await dialog.getByTestId('preview-change').allTextContents()
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
  } finally {
    await context.close()
  }
  return run
}

export type PreviewSummary = { cpu: number; ms: Summary | null; changes: string[] }

export function summarizePreview(runs: readonly PreviewRun[], cpu: number): PreviewSummary {
  const mine = runs.filter((r) => r.cpu === cpu)
  return { cpu, ms: summarize(mine.map((r) => r.ms)), changes: mine.find((r) => r.changes.length > 0)?.changes ?? [] }
}

export function previewTable(summaries: readonly PreviewSummary[], reps: number): string {
  const ms = (s: Summary | null) => (s ? (s.min === s.max ? s.median.toFixed(0) : `${s.median.toFixed(0)} [${s.min.toFixed(0)}–${s.max.toFixed(0)}]`) : '—')
  const x1 = summaries.find((s) => s.cpu === 1)
  return table(
    [`Send's Review: simulated balance changes (demo, Bench Wallet, median [min–max] of ${reps})`, ...summaries.map((s) => `CPU x${s.cpu}`)],
    [
      ['Review shown → balance changes shown (ms)', ...summaries.map((s) => ms(s.ms))],
      ['Changes shown', ...summaries.map((s) => s.changes.join(', ') || '—')],
      [`Within ${PREVIEW_BUDGET_MS} ms at x1 (median)`, ...summaries.map((s) => (s.cpu !== 1 ? '' : x1?.ms ? (x1.ms.median <= PREVIEW_BUDGET_MS ? 'yes' : 'NO') : '—'))],
    ],
  )
}
