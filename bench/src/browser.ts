import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { benchDir } from './paths.ts'

export const CHROMIUM = '/usr/bin/chromium'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium; npm test does it)`)
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS })
}

export type SeenRequest = { url: string; type: string }

export type Session = {
  context: BrowserContext
  page: Page
  cdp: CDPSession
  /** Every request the browser reported for this context (pages, workers it attaches to, websockets). */
  requests: SeenRequest[]
  close(): Promise<void>
}

/** A fresh context (no cache, no storage, no worker) with the harness and the bench wallet injected. */
export async function openSession(browser: Browser, cpuRate: number): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' })
  await context.addInitScript({ path: `${benchDir}page/harness.js` })
  await context.addInitScript({ path: `${benchDir}page/wallet.js` })
  const requests: SeenRequest[] = []
  context.on('request', (r) => requests.push({ url: r.url(), type: r.resourceType() }))
  const page = await context.newPage()
  page.on('websocket', (ws) => requests.push({ url: ws.url(), type: 'websocket' }))
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate })
  return { context, page, cdp, requests, close: () => context.close() }
}
