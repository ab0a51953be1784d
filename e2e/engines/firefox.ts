import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Frame, type JSHandle, type Page, type Target as BrowserTarget } from 'puppeteer-core'
import { DEFAULT_TIMEOUT, FIND_SOURCE, describeTarget, parseTarget, poll, satisfied, scriptOf, textFilter, type Engine, type EnginePage, type Rect, type Target, type WaitOptions } from './engine.ts'

/** Debian's Firefox ESR (scripts/ensure.mjs installs it). */
export const FIREFOX = process.env['PORTICO_FIREFOX'] ?? '/usr/bin/firefox-esr'

export const VIEWPORT = { width: 1280, height: 900 }

type Found = { found: boolean; visible: boolean; count: number; text: string | null }

/**
 * Firefox, headless, through WebDriver BiDi (puppeteer-core 24 `browser: 'firefox'`), on a fresh
 * profile in a temporary folder removed at close; every page gets its own browser context (empty
 * storage, its own SharedWorkers).
 */
export async function launchFirefox(): Promise<Engine> {
  const profile = mkdtempSync(join(tmpdir(), 'portico-firefox-'))
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    protocol: 'webDriverBiDi',
    headless: true,
    userDataDir: profile,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: {
      // Closed network: nothing of Firefox's own phones home or waits for it.
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'extensions.update.enabled': false,
      'app.update.enabled': false,
      // Popups opened by a click are windows, as a visitor's Firefox opens them.
      'browser.link.open_newwindow': 2,
    },
  })
  const version = await browser.version()
  return {
    name: 'firefox',
    version,
    async newPage() {
      const context = await browser.createBrowserContext()
      const page = await context.newPage()
      await page.setViewport(VIEWPORT)
      return firefoxPage(page, context, true, new WeakSet<BrowserTarget>([page.target()]))
    },
    async close() {
      await browser.close().catch(() => {})
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** `taken`: the context's windows already handed out as pages. */
function firefoxPage(page: Page, context: BrowserContext, ownsContext: boolean, taken: WeakSet<BrowserTarget>): EnginePage {
  const frameOf = async (frameCss: string | undefined): Promise<Frame> => {
    if (!frameCss) return page.mainFrame()
    const iframe = await page.$(frameCss)
    if (!iframe) throw new Error(`no iframe ${frameCss}`)
    const frame = await iframe.contentFrame()
    if (!frame) throw new Error(`iframe ${frameCss} has no document`)
    return frame
  }

  const find = async (target: Target): Promise<{ info: Found; element: ElementHandle<Element> | null }> => {
    const { css, text, frame } = parseTarget(target)
    const where = await frameOf(frame)
    const handle = (await where.evaluateHandle(`(${FIND_SOURCE})(${JSON.stringify(css)}, ${JSON.stringify(textFilter(text))})`)) as JSHandle<Found & { el: Element | null }>
    try {
      const info = await handle.evaluate((o) => ({ found: o.found, visible: o.visible, count: o.count, text: o.text }))
      const element = info.found ? ((await handle.getProperty('el')).asElement() as ElementHandle<Element> | null) : null
      return { info, element }
    } finally {
      await handle.dispose().catch(() => {})
    }
  }

  const waitFor = async (target: Target, options: WaitOptions = {}) => {
    let last: Found | undefined
    const wanted = options.text === undefined ? undefined : textFilter(options.text)
    return poll(
      () =>
        `${describeTarget(target)}${options.state ? ` (${options.state})` : ''}${options.text !== undefined ? ` to have text ${String(options.text)}` : ''}; last seen: ${JSON.stringify(last ?? null)}`,
      options.timeout ?? DEFAULT_TIMEOUT,
      async () => {
        const { info, element } = await find(target)
        last = info
        if (!satisfied(options.state, info)) return undefined
        if (wanted && wanted.kind !== 'none') {
          const t = info.text ?? ''
          if (wanted.kind === 'text' ? !t.includes(wanted.value) : !new RegExp(wanted.source, wanted.flags).test(t)) return undefined
        }
        return { info, element }
      },
    )
  }

  const rect = async (target: Target): Promise<Rect> => {
    const { frame } = parseTarget(target)
    const { element } = await waitFor(target)
    const inner = (await element!.evaluate((el) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    })) as Rect
    if (!frame) return inner
    const offset = (await page.$eval(frame, (iframe) => {
      const r = iframe.getBoundingClientRect()
      return { x: r.x + iframe.clientLeft, y: r.y + iframe.clientTop }
    })) as { x: number; y: number }
    return { x: inner.x + offset.x, y: inner.y + offset.y, width: inner.width, height: inner.height }
  }

  const self: EnginePage = {
    engine: 'firefox',
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' })
    },
    async url() {
      return page.url()
    },
    async click(target) {
      const { element } = await waitFor(target)
      await element!.scrollIntoView()
      const box = await rect(target)
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    },
    async fill(target, value) {
      await self.click(target)
      const { element } = await waitFor(target)
      await element!.evaluate((el) => (el as HTMLInputElement).select?.())
      if (value === '') await page.keyboard.press('Backspace')
      else await page.keyboard.type(value)
    },
    async press(key) {
      await page.keyboard.press(key as Parameters<Page['keyboard']['press']>[0])
    },
    async waitFor(target, options) {
      await waitFor(target, options)
    },
    async text(target) {
      return (await waitFor(target, { state: 'attached' })).info.text ?? ''
    },
    async attribute(target, name) {
      const { element } = await waitFor(target, { state: 'attached' })
      return element!.evaluate((el, n) => el.getAttribute(n), name)
    },
    async count(target) {
      return (await find(target)).info.count
    },
    async evaluate(fn, arg) {
      return page.evaluate(`(async () => { ${scriptOf(fn as never, arg)} })()`) as never
    },
    async evaluateInFrame(frame, fn, arg) {
      return (await frameOf(frame)).evaluate(`(async () => { ${scriptOf(fn as never, arg)} })()`) as never
    },
    async frameText(frame, css = 'body') {
      return self.text({ css, frame })
    },
    rect,
    mouse: {
      move: (x, y) => page.mouse.move(x, y),
      down: () => page.mouse.down(),
      up: () => page.mouse.up(),
      click: (x, y) => page.mouse.click(x, y),
    },
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` })
    },
    async waitForWindow(urlPrefix, timeout = DEFAULT_TIMEOUT) {
      const target = await context.waitForTarget((t) => !taken.has(t) && t.type() === 'page' && t.url().startsWith(urlPrefix), { timeout })
      taken.add(target)
      const opened = await target.page()
      if (!opened) throw new Error(`the window at ${target.url()} has no page`)
      return firefoxPage(opened, context, false, taken)
    },
    async close() {
      if (ownsContext) await context.close().catch(() => {})
      else await page.close().catch(() => {})
    },
  }
  return self
}
