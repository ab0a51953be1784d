// The embedded wallet as a visitor meets it, in the demo on the N-tabs sandbox (its frame service,
// mailbox and chains), a fresh context per run: email typed at a visitor's pace (50 ms a key) and
// submitted → the code field shown (the frame asked, the service mailing a code), and, once signed in, "Sign a message" clicked → the
// frame's approval showing the message (the frame's document drew it). Timed where each thing
// happens, on the wall clock (performance.timeOrigin + now, so the page and the frame compare): the
// page marks the Enter and the click, the frame marks its approval's text (an init script, which
// Playwright runs in every frame). At CPU x1 only: Chromium throttles a page's process, and the frame
// runs in a process of its own origin. Reported with budgets; never asserted in a test.
import type { Browser, Frame, Page } from 'playwright-core'
import { openTab, poll, type TabsWorld } from './nTabs.ts'
import { summarize, type Summary } from './stats.ts'
import { table } from './table.ts'

/** Budgets at CPU x1 on this machine, medians (first measured: see bench/README.md). */
export const EMBEDDED_BUDGETS_MS = { emailToCode: 300, signToApproval: 150 } as const
const TIMEOUT = 30_000

export type EmbeddedRun = { rep: number; emailToCodeMs: number | null; signToApprovalMs: number | null; errors: string[] }

/** In every document: the page's marks (Enter in the email field, the click on "Sign a message", the code field) and the frame's (its approval's message). */
const MARKS = `(() => {
  const wall = () => performance.timeOrigin + performance.now()
  const marks = { emailAt: null, codeAt: null, signAt: null, approvalAt: null }
  Object.defineProperty(window, '__benchEmbedded', { value: marks, enumerable: false })
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement && event.target.type === 'email') marks.emailAt = wall()
  }, true)
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (button && button.textContent === 'Sign a message') marks.signAt = wall()
  }, true)
  const observer = new MutationObserver(() => {
    if (marks.codeAt === null && document.querySelector('input[autocomplete="one-time-code"]')) marks.codeAt = wall()
    if (marks.approvalAt === null && document.querySelector('[data-testid="approval-message"]')?.textContent) marks.approvalAt = wall()
  })
  observer.observe(document, { subtree: true, childList: true, characterData: true })
})()`

let serial = 0

/** The newest six-digit code the sandbox's mailbox holds for `to`. */
async function codeFor(world: TabsWorld, to: string): Promise<string> {
  const until = Date.now() + TIMEOUT
  for (;;) {
    const res = await fetch(`${world.sandbox.frame.mail.url}/mailbox/messages?to=${encodeURIComponent(to)}`)
    const messages = (await res.json()) as { text: string }[]
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1]
    if (code) return code
    if (Date.now() > until) throw new Error(`no code mailed to ${to}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The embedded wallet's frame in `page` (the frame service's origin). */
function frameOf(page: Page, world: TabsWorld): Frame {
  const origin = new URL(world.sandbox.frame.url).origin
  const frame = page.frames().find((f) => f.url().startsWith(origin))
  if (!frame) throw new Error(`no frame of ${origin} in the page`)
  return frame
}

export async function runEmbedded(browser: Browser, world: TabsWorld, rep: number): Promise<EmbeddedRun> {
  const run: EmbeddedRun = { rep, emailToCodeMs: null, signToApprovalMs: null, errors: [] }
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
  try {
    await context.addInitScript({ content: MARKS })
    const page = await openTab(context, `${world.server.url}/`)
    const email = `bench-${process.pid}-${Date.now().toString(36)}-${++serial}@example.org`
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    const field = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('textbox', { name: /Email/ })
    // Typed as a visitor types (the field's focus loads the frame meanwhile), then Enter.
    await field.pressSequentially(email, { delay: 50 })
    await field.press('Enter')
    const marks = (await poll(page, 'window.__benchEmbedded.codeAt == null ? null : window.__benchEmbedded', 'the code field did not show')) as { emailAt: number; codeAt: number }
    run.emailToCodeMs = marks.codeAt - marks.emailAt
    await page
      .getByRole('dialog', { name: 'Email' })
      .getByRole('textbox', { name: 'Code' })
      .fill(await codeFor(world, email))
    await page.getByRole('dialog', { name: 'Account' }).getByTestId('account-embedded-user').filter({ hasText: email }).waitFor({ timeout: TIMEOUT })
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Sign a message' }).click()
    const signAt = (await poll(page, 'window.__benchEmbedded.signAt', 'the click on Sign a message was not seen')) as number
    const frame = frameOf(page, world)
    const approvalAt = (await poll(frame, 'window.__benchEmbedded?.approvalAt ?? null', "the frame's approval did not show")) as number
    run.signToApprovalMs = approvalAt - signAt
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
  } finally {
    await context.close()
  }
  return run
}

export type EmbeddedSummary = { emailToCode: Summary | null; signToApproval: Summary | null; runs: number }

export function summarizeEmbedded(runs: readonly EmbeddedRun[]): EmbeddedSummary {
  return { emailToCode: summarize(runs.map((r) => r.emailToCodeMs)), signToApproval: summarize(runs.map((r) => r.signToApprovalMs)), runs: runs.filter((r) => r.errors.length === 0).length }
}

export function embeddedTable(summary: EmbeddedSummary, reps: number): string {
  const ms = (s: Summary | null) => (s ? (s.min === s.max ? s.median.toFixed(0) : `${s.median.toFixed(0)} [${s.min.toFixed(0)}–${s.max.toFixed(0)}]`) : '—')
  const verdict = (s: Summary | null, budget: number) => (s ? (s.median <= budget ? 'pass' : 'OVER') : '—')
  return table(
    [`Embedded wallet (demo, frame service of the sandbox, CPU x1, median [min–max] of ${reps})`, 'ms', 'budget', 'result'],
    [
      ['Email submitted → code field shown', ms(summary.emailToCode), `≤ ${EMBEDDED_BUDGETS_MS.emailToCode}`, verdict(summary.emailToCode, EMBEDDED_BUDGETS_MS.emailToCode)],
      [
        '"Sign a message" clicked → the frame shows the approval',
        ms(summary.signToApproval),
        `≤ ${EMBEDDED_BUDGETS_MS.signToApproval}`,
        verdict(summary.signToApproval, EMBEDDED_BUDGETS_MS.signToApproval),
      ],
      ['Runs without error', `${summary.runs} of ${reps}`, '', ''],
    ],
  )
}
