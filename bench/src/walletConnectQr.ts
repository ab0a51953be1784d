// Click → WalletConnect QR visible, cold and warm, demo, CPU x1, against the sandbox's relay (started
// here alone, on a port of its own): the issue's goal is 150 ms either way, the pairing being made
// ahead on the visitor's intent. On a first visit that intent is the pointer nearing the WalletConnect
// row (WALLET_CONNECT_NEAR_PX), so the cold scenario moves the mouse as a person would, from the
// Connect Wallet button to the row, and clicks; the warm one opens Connect again with the core's client
// loaded, when the view opening alone prepares a pairing.
import type { Browser, Page } from 'playwright-core'
import { freePort, type RelayHandle, startRelay } from '@portico/sandbox'
import { WALLET_CONNECT_NEAR_PX } from '@portico/shared-types/constants'
import { openSession } from './browser.ts'
import type { Target } from './measure.ts'
import { PORT_OFFSET } from './paths.ts'
import { quantile } from './tabs.ts'

/** The issue's goal for both figures (reported beside them, never asserted). */
export const QR_GOAL_MS = 150
/** What a visitor takes to read the Connect view before reaching for WalletConnect (the pointer rests meanwhile). */
export const READ_MS = 1000
/**
 * The pointer's approach to the WalletConnect row: APPROACH_STEPS moves over APPROACH_MS along a
 * straight line, placed by the minimum-jerk profile of human reaching movements (it speeds up, then
 * slows down near the end; the speed peaks halfway). 500 ms is Fitts' law's time for this movement
 * (about 480 px to a 56 px high row: log2(480/56 + 1) ≈ 3.3 bits at 100 ms + 120 ms per bit).
 */
export const APPROACH_STEPS = 25
export const APPROACH_MS = 500
/** The relay's port unless it is taken: after the demo's (5180) and the floor's (5181), moved by PORTICO_E2E_PORT_OFFSET. */
const PREFERRED_RELAY_PORT = 5182 + PORT_OFFSET
const TIMEOUT = 10_000
const QR_LABEL = 'WalletConnect QR code'

export type QrRun = {
  rep: number
  /** Fresh context: Connect view open, READ_MS, the pointer's approach, click on WalletConnect → QR painted. */
  coldMs: number | null
  /** Same context, modal closed and opened again (the view opening prepares: the client is loaded): the same steps. */
  warmMs: number | null
  /** Cold: from the first pointer event within WALLET_CONNECT_NEAR_PX of the row to the relay receiving the pairing's proposal. */
  nearToPairingMs: number | null
  /** Cold: from that pointer event to the click (the head start the approach gave the core). */
  nearToClickMs: number | null
  /** Relay sockets open once the page is idle, before the visitor acts (must be 0). */
  socketsBeforeActing: number
  /** Relay sockets open once the Connect view has shown for READ_MS, before the pointer moves (must be 0: opening Connect is no intent on a first visit). */
  socketsAfterOpening: number
  errors: string[]
}

export type QrSummary = { median: number; min: number; max: number; n: number } | null

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Minimum-jerk position along the way (0 → 1) at time fraction `t`: smooth start, deceleration near the end. */
const minimumJerk = (t: number) => 10 * t ** 3 - 15 * t ** 4 + 6 * t ** 5

/** Moves the mouse from `from` to `to` in APPROACH_STEPS moves over APPROACH_MS (see APPROACH_MS). */
async function approach(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const started = Date.now()
  for (let i = 1; i <= APPROACH_STEPS; i++) {
    const s = minimumJerk(i / APPROACH_STEPS)
    await page.mouse.move(from.x + (to.x - from.x) * s, from.y + (to.y - from.y) * s)
    const wait = started + (i / APPROACH_STEPS) * APPROACH_MS - Date.now()
    if (wait > 0) await sleep(wait)
  }
}

/** In the page: every pointer move from now on, with its time (page clock). */
const RECORD_MOVES = `(() => { const moves = []; addEventListener('pointermove', (e) => moves.push([e.clientX, e.clientY, e.timeStamp]), { capture: true, passive: true }); Object.defineProperty(window, '__benchMoves', { value: moves, configurable: true }) })()`

/** The time (page clock) of the first of `moves` within `radius` px of `box`, or null. */
function firstNear(moves: readonly [number, number, number][], box: { x: number; y: number; width: number; height: number }, radius: number): number | null {
  for (const [x, y, t] of moves) {
    const dx = Math.max(box.x - x, 0, x - (box.x + box.width))
    const dy = Math.max(box.y - y, 0, y - (box.y + box.height))
    if (Math.hypot(dx, dy) <= radius) return t
  }
  return null
}

type Scan = { ms: number; nearAt: number | null; click: number; uri: string | null; socketsAfterOpening: number }

/**
 * Clicks Connect Wallet (the pointer then rests over it), waits READ_MS once the WalletConnect row
 * shows, moves the pointer to the row as a person would (`approach`), clicks where it landed and
 * times the QR code. Answers the click → QR time, the first move near the row and the click (page
 * clock), the URI shown and the relay sockets open before the pointer moved.
 */
async function openAndScan(page: Page, relay: RelayHandle, id: string): Promise<Scan> {
  const button = page.getByRole('button', { name: 'Connect Wallet', exact: true })
  const box = await button.boundingBox()
  if (!box) throw new Error('the Connect Wallet button has no box')
  const connect = painted(page, `${id}-row`, 'button', 'WalletConnect')
  // Playwright's click lands in the middle of the button: the pointer rests there.
  await button.click()
  await connect
  await page.waitForTimeout(READ_MS)
  const socketsAfterOpening = relay.connections().length
  const row = await page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'WalletConnect', exact: true }).boundingBox()
  if (!row) throw new Error('the WalletConnect row has no box')
  await page.evaluate(RECORD_MOVES)
  await page.evaluate(`window.__bench.watch(${JSON.stringify(`${id}-qr`)}, 'img', ${JSON.stringify(QR_LABEL)})`)
  // Aimed at the row's label (its icon and name), a third of the way in.
  await approach(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, { x: row.x + row.width / 3, y: row.y + row.height / 2 })
  await page.mouse.down()
  await page.mouse.up()
  const click = (await page.evaluate('window.__bench.clicks.at(-1) ?? null')) as number | null
  const qr = await painted(page, `${id}-qr`, 'img', QR_LABEL)
  if (click === null) throw new Error('the click on WalletConnect was not seen')
  const nearAt = firstNear((await page.evaluate('window.__benchMoves')) as [number, number, number][], row, WALLET_CONNECT_NEAR_PX)
  const uri = await page.getByRole('img', { name: QR_LABEL }).getAttribute('data-qr-value')
  return { ms: qr - click, nearAt, click, uri, socketsAfterOpening }
}

/**
 * One repetition in a fresh context at CPU x1: load until idle (no relay socket may be open by then),
 * then cold (the first open of Connect, READ_MS, the approach and the click: no socket may be open
 * before the pointer moves) and warm (Escape, open again, the same). The QR code of the warm open must
 * carry a new URI: one shown is never shown again.
 */
export async function runWalletConnectQr(browser: Browser, target: Target, relay: RelayHandle, rep: number): Promise<QrRun> {
  const run: QrRun = { rep, coldMs: null, warmMs: null, nearToPairingMs: null, nearToClickMs: null, socketsBeforeActing: 0, socketsAfterOpening: 0, errors: [] }
  const session = await openSession(browser, 1)
  const { page } = session
  try {
    await page.goto(`${target.server.url}/`, { waitUntil: 'load', timeout: 60_000 })
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => undefined)
    await page.waitForTimeout(1000)
    run.socketsBeforeActing = relay.connections().length
    relay.clearRequests()
    const origin = (await page.evaluate('performance.timeOrigin')) as number

    const cold = await openAndScan(page, relay, 'cold')
    run.coldMs = cold.ms
    run.socketsAfterOpening = cold.socketsAfterOpening
    if (cold.nearAt !== null) {
      run.nearToClickMs = cold.click - cold.nearAt
      const proposed = relay.requests().find((r) => r.method === 'wc_proposeSession')
      if (proposed) run.nearToPairingMs = proposed.time - (origin + cold.nearAt)
    } else run.errors.push(`the pointer never came within ${WALLET_CONNECT_NEAR_PX} px of the WalletConnect row`)

    await page.keyboard.press('Escape')
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: TIMEOUT })
    await page.waitForTimeout(500)
    const warm = await openAndScan(page, relay, 'warm')
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
 * table of `width` figure columns, with the goal in the label; then, cold, how long the pairing took
 * from the pointer coming near the row and the head start the approach gave, and the relay sockets
 * before acting and after opening Connect.
 */
export function walletConnectRows(runs: readonly QrRun[], width: number, column: number): string[][] {
  const ms = (s: QrSummary) => (s ? (s.min === s.max ? s.median.toFixed(0) : `${s.median.toFixed(0)} [${s.min.toFixed(0)}–${s.max.toFixed(0)}]`) : '—')
  const row = (label: string, cell: string) => [label, ...Array.from({ length: width }, (_, i) => (i === column ? cell : '—'))]
  const most = (pick: (r: QrRun) => number) => String(Math.max(0, ...runs.map(pick)))
  return [
    row(`Click → WalletConnect QR visible, cold (ms; goal ≤ ${QR_GOAL_MS})`, ms(summarizeQr(runs.map((r) => r.coldMs)))),
    row(`Click → WalletConnect QR visible, warm (ms; goal ≤ ${QR_GOAL_MS})`, ms(summarizeQr(runs.map((r) => r.warmMs)))),
    row(`  Pointer within ${WALLET_CONNECT_NEAR_PX} px of the row → pairing at the relay, cold (ms)`, ms(summarizeQr(runs.map((r) => r.nearToPairingMs)))),
    row(`  Pointer within ${WALLET_CONNECT_NEAR_PX} px of the row → click, cold (ms)`, ms(summarizeQr(runs.map((r) => r.nearToClickMs)))),
    row('  Relay sockets before acting / after opening Connect, cold (most in a run)', `${most((r) => r.socketsBeforeActing)} / ${most((r) => r.socketsAfterOpening)}`),
  ]
}
