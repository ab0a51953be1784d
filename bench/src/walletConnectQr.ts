// Click → WalletConnect QR visible, cold and warm, demo, CPU x1, against the sandbox's relay (started
// here alone, on a port of its own): the issue's goal is 150 ms either way, the pairing being made
// ahead on the visitor's intent (the Connect view opening, the pointer on the WalletConnect row).
import { createServer } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { startRelay, type RelayHandle } from '@portico/sandbox'
import { openSession } from './browser.ts'
import type { Target } from './measure.ts'
import { PORT_OFFSET } from './paths.ts'
import { quantile } from './tabs.ts'

/** The issue's goal for both figures (reported beside them, never asserted). */
export const QR_GOAL_MS = 150
/** What a visitor takes to read the Connect view before clicking WalletConnect (the time the core has to prepare). */
export const READ_MS = 1000
/** The relay's port unless it is taken: after the demo's (5180) and the floor's (5181), moved by PORTICO_E2E_PORT_OFFSET. */
const PREFERRED_RELAY_PORT = 5182 + PORT_OFFSET
const TIMEOUT = 10_000
const QR_LABEL = 'WalletConnect QR code'

export type QrRun = {
  rep: number
  /** Fresh context: Connect view open (the intent), READ_MS, click on WalletConnect → QR painted. */
  coldMs: number | null
  /** Same context, modal closed and opened again: the same steps with the core's client and socket up. */
  warmMs: number | null
  /** From the Connect view painted to the relay receiving the pairing's proposal (cold): how long a visitor must read. */
  openToPairingMs: number | null
  /** Relay sockets open once the page is idle, before the visitor acts (must be 0). */
  socketsBeforeActing: number
  errors: string[]
}

export type QrSummary = { median: number; min: number; max: number; n: number } | null

/** A port on 127.0.0.1 that nothing listens on: `preferred` if free, else one the system gives. */
function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = createServer()
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address() as { port: number }
        server.close(() => resolve(bound))
      })
    })
  return tryPort(preferred).catch(() => tryPort(0))
}

/** The sandbox's WalletConnect relay, alone, on a free port: the demo is built with its URL (`VITE_PORTICO_RELAY_URL`). */
export async function startBenchRelay(): Promise<RelayHandle> {
  return startRelay({ port: await freePort(PREFERRED_RELAY_PORT) })
}

async function painted(page: Page, id: string, kind: 'button' | 'dialog' | 'img', name: string): Promise<number> {
  await page.evaluate(`window.__bench.watch(${JSON.stringify(id)}, ${JSON.stringify(kind)}, ${JSON.stringify(name)})`)
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: not visible within ${TIMEOUT} ms`)), TIMEOUT)
  })
  try {
    const seen = (await Promise.race([page.evaluate(`window.__bench.waitFor(${JSON.stringify(id)})`), timeout])) as { painted: number }
    return seen.painted
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Opens Connect (the intent), waits READ_MS once the WalletConnect row shows, clicks it and times the
 * QR code. Answers the click → QR time, the Connect view's paint (page clock) and the URI shown.
 */
async function openAndScan(page: Page, id: string): Promise<{ ms: number; connectPainted: number; uri: string | null }> {
  const connect = painted(page, `${id}-row`, 'button', 'WalletConnect')
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const connectPainted = await connect
  await page.waitForTimeout(READ_MS)
  const row = page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true })
  await page.evaluate(`window.__bench.watch(${JSON.stringify(`${id}-qr`)}, 'img', ${JSON.stringify(QR_LABEL)})`)
  await row.click()
  const click = (await page.evaluate('window.__bench.clicks.at(-1) ?? null')) as number | null
  const qr = await painted(page, `${id}-qr`, 'img', QR_LABEL)
  if (click === null) throw new Error('the click on WalletConnect was not seen')
  const uri = await page.getByRole('img', { name: QR_LABEL }).getAttribute('data-qr-value')
  return { ms: qr - click, connectPainted, uri }
}

/**
 * One repetition in a fresh context at CPU x1: load until idle (no relay socket may be open by then),
 * then cold (the first open of Connect, the click on WalletConnect after READ_MS) and warm (Escape,
 * open again, the same). The QR code of the warm open must carry a new URI: one shown is never shown again.
 */
export async function runWalletConnectQr(browser: Browser, target: Target, relay: RelayHandle, rep: number): Promise<QrRun> {
  const run: QrRun = { rep, coldMs: null, warmMs: null, openToPairingMs: null, socketsBeforeActing: 0, errors: [] }
  const session = await openSession(browser, 1)
  const { page } = session
  try {
    await page.goto(`${target.server.url}/`, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => undefined)
    await page.waitForTimeout(1000)
    run.socketsBeforeActing = relay.connections().length
    relay.clearRequests()
    const origin = (await page.evaluate('performance.timeOrigin')) as number

    const cold = await openAndScan(page, 'cold')
    run.coldMs = cold.ms
    const proposed = relay.requests().find((r) => r.method === 'wc_proposeSession')
    if (proposed) run.openToPairingMs = proposed.time - (origin + cold.connectPainted)

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: TIMEOUT })
    await page.waitForTimeout(500)
    const warm = await openAndScan(page, 'warm')
    run.warmMs = warm.ms
    if (cold.uri && cold.uri === warm.uri) run.errors.push('the warm open showed the URI the cold one had shown')
  } catch (error) {
    run.errors.push((error instanceof Error ? error.message : String(error)).split('\n')[0]!)
  } finally {
    await session.close()
  }
  return run
}

export function summarizeQr(values: readonly (number | null)[]): QrSummary {
  const xs = values.filter((v): v is number => v !== null)
  return xs.length ? { median: quantile(xs, 0.5)!, min: Math.min(...xs), max: Math.max(...xs), n: xs.length } : null
}

/**
 * The rows the timing table gets: cold and warm click → QR, each in the demo x1 column (`column`) of a
 * table of `width` figure columns, with the goal in the label; then how long the pairing took from the
 * Connect view's paint and the relay sockets before acting.
 */
export function walletConnectRows(runs: readonly QrRun[], width: number, column: number): string[][] {
  const ms = (s: QrSummary) => (s ? (s.min === s.max ? s.median.toFixed(0) : `${s.median.toFixed(0)} [${s.min.toFixed(0)}–${s.max.toFixed(0)}]`) : '—')
  const row = (label: string, cell: string) => [label, ...Array.from({ length: width }, (_, i) => (i === column ? cell : '—'))]
  const sockets = Math.max(0, ...runs.map((r) => r.socketsBeforeActing))
  return [
    row(`Click → WalletConnect QR visible, cold (ms; goal ≤ ${QR_GOAL_MS})`, ms(summarizeQr(runs.map((r) => r.coldMs)))),
    row(`Click → WalletConnect QR visible, warm (ms; goal ≤ ${QR_GOAL_MS})`, ms(summarizeQr(runs.map((r) => r.warmMs)))),
    row('  Connect view visible → pairing at the relay, cold (ms)', ms(summarizeQr(runs.map((r) => r.openToPairingMs)))),
    row('  Relay sockets before acting (most in a run)', String(sockets)),
  ]
}
