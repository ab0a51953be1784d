import { spawn, type ChildProcess } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { remote } from 'webdriverio'
import { DEFAULT_TIMEOUT, FIND_SOURCE, describeTarget, parseTarget, poll, satisfied, scriptOf, textFilter, type Engine, type EnginePage, type Rect, type Target, type WaitOptions } from './engine.ts'
import { freePort } from '@portico/sandbox'

/** Debian's WebKitGTK WebDriver and its MiniBrowser (package webkit2gtk-driver; scripts/ensure.mjs installs it). */
export const WEBKIT_DRIVER = process.env['PORTICO_WEBKIT_DRIVER'] ?? '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = process.env['PORTICO_MINIBROWSER'] ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
/**
 * A window manager on the virtual display, as on a visitor's desktop: without one no window ever has
 * the focus (a new window, such as the embedded wallet's approval window, stays unfocused).
 */
export const WINDOW_MANAGER = process.env['PORTICO_WINDOW_MANAGER'] ?? '/usr/bin/matchbox-window-manager'

export const VIEWPORT = { width: 1280, height: 900 }

/** The W3C WebDriver key of an element reference. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'
type ElementRef = { [ELEMENT]: string }
type Found = { el: ElementRef | null; found: boolean; visible: boolean; count: number; text: string | null }

/** WebDriver's codes for the keys the specs press. */
const KEYS: Record<string, string> = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004', Backspace: '\uE003', ' ': ' ' }

type Session = WebdriverIO.Browser

/**
 * WebKit: WebKitGTK's WebDriver (started here under xvfb-run with a small window manager, on a
 * loopback port the system picks) driving MiniBrowser in automation mode, through webdriverio in classic WebDriver mode (the BiDi
 * capability request fails with this driver). Every page is its own WebDriver session: a new
 * MiniBrowser with an empty, ephemeral website data store.
 */
export async function launchWebKit(): Promise<Engine> {
  // webdriverio names classic WebDriver's own Switch To Frame "deprecated" in favour of its BiDi way; classic is the point here.
  process.env['DISABLE_WEBDRIVERIO_DEPRECATION_WARNINGS'] = 'true'
  const port = await freePort()
  const display = `${WINDOW_MANAGER} -use_titlebar no -use_cursor no & exec ${WEBKIT_DRIVER} --port=${port} --host=127.0.0.1`
  const driver: ChildProcess = spawn('xvfb-run', ['-a', '-s', `-screen 0 ${VIEWPORT.width}x${VIEWPORT.height}x24`, 'sh', '-c', display], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let stderr = ''
  driver.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)))
  const stop = () => {
    try {
      if (driver.pid) process.kill(-driver.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  try {
    await poll(
      () => `WebKitWebDriver on port ${port} (${stderr.trim() || 'no output'})`,
      20_000,
      async () => ((await fetch(`http://127.0.0.1:${port}/status`)).ok ? true : undefined),
    )
  } catch (err) {
    stop()
    throw err
  }
  const open = async (): Promise<Session> =>
    remote({
      hostname: '127.0.0.1',
      port,
      path: '/',
      logLevel: 'silent',
      connectionRetryCount: 1,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      } as WebdriverIO.Capabilities,
    })
  const first = await open()
  const status = (await first.status().catch(() => ({}))) as { build?: { version?: string } }
  const version = `MiniBrowser (WebKitGTK ${String(first.capabilities.browserVersion ?? status.build?.version ?? '?')})`
  await first.deleteSession().catch(() => {})
  return {
    name: 'webkit',
    version,
    async newPage() {
      const session = await open()
      await session.setWindowRect(0, 0, VIEWPORT.width, VIEWPORT.height).catch(() => {})
      const handle = await session.getWindowHandle()
      return webkitPage(session, handle, { current: handle }, true, { tail: Promise.resolve(), taken: new Set([handle]) })
    },
    async close() {
      stop()
    },
  }
}

/**
 * One window of a session. Classic WebDriver has one current window and frame per session: every
 * call takes the session's turn (one at a time), switches to its window, and returns to the top
 * document after working in a frame.
 */
/** The session's queue of calls, and the windows already handed out as pages. */
type SessionTurns = { tail: Promise<unknown>; taken: Set<string> }

function webkitPage(session: Session, handle: string, active: { current: string }, ownsSession: boolean, queue: SessionTurns): EnginePage {
  const turn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.tail.then(async () => {
      if (active.current !== handle) {
        await session.switchToWindow(handle)
        active.current = handle
      }
      return work()
    })
    queue.tail = run.catch(() => {})
    return run
  }

  /** Runs `work` with the iframe `frameCss` (or the top document) as the current browsing context. */
  const inFrame = async <T>(frameCss: string | undefined, work: () => Promise<T>): Promise<T> => {
    if (!frameCss) return work()
    const found = (await session.executeScript(`return (${FIND_SOURCE})(arguments[0], { kind: 'none' })`, [frameCss])) as Found
    if (!found.el) throw new Error(`no iframe ${frameCss}`)
    await session.switchToFrame(found.el as never)
    try {
      return await work()
    } finally {
      await session.switchToParentFrame().catch(() => session.switchToFrame(null))
    }
  }

  /** Runs `fn(arg)` in the current browsing context, async allowed. */
  const run = async <R>(fn: (arg: never) => unknown, arg: unknown): Promise<R> => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => { ${scriptOf(fn, arg)} }).then((v) => done({ ok: true, v: v === undefined ? null : v }), (e) => done({ ok: false, e: String((e && e.stack) || e) }))`
    const answer = (await session.executeAsyncScript(script, [])) as { ok: boolean; v?: R; e?: string }
    if (!answer.ok) throw new Error(answer.e)
    return answer.v as R
  }

  const findHere = async (css: string, text: string | RegExp | undefined): Promise<Found> =>
    (await session.executeScript(`return (${FIND_SOURCE})(arguments[0], arguments[1])`, [css, textFilter(text)])) as Found

  /** Waits (outside the session's turn between tries) and then runs `then` with the element, in its frame. */
  const withElement = async <T>(target: Target, options: WaitOptions, then: (el: ElementRef, found: Found) => Promise<T>): Promise<T> => {
    const { css, text, frame } = parseTarget(target)
    const wanted = options.text === undefined ? undefined : textFilter(options.text)
    let last: Found | undefined
    return poll(
      () =>
        `${describeTarget(target)}${options.state ? ` (${options.state})` : ''}${options.text !== undefined ? ` to have text ${String(options.text)}` : ''}; last seen: ${JSON.stringify(last ? { ...last, el: undefined } : null)}`,
      options.timeout ?? DEFAULT_TIMEOUT,
      () =>
        turn(() =>
          inFrame(frame, async () => {
            const found = await findHere(css, text)
            last = found
            if (!satisfied(options.state, found)) return undefined
            if (wanted && wanted.kind !== 'none') {
              const t = found.text ?? ''
              if (wanted.kind === 'text' ? !t.includes(wanted.value) : !new RegExp(wanted.source, wanted.flags).test(t)) return undefined
            }
            return { value: await then(found.el as ElementRef, found) }
          }),
        ),
    ).then((r) => r.value)
  }

  const rect = async (target: Target): Promise<Rect> => {
    const { frame } = parseTarget(target)
    const inner = await withElement(target, {}, async (el) => {
      const r = (await session.executeScript('const r = arguments[0].getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }', [el])) as Rect
      return r
    })
    if (!frame) return inner
    const offset = await withElement(
      frame,
      { state: 'attached' },
      async (el) =>
        (await session.executeScript('const r = arguments[0].getBoundingClientRect(); return { x: r.x + arguments[0].clientLeft, y: r.y + arguments[0].clientTop }', [el])) as { x: number; y: number },
    )
    return { x: inner.x + offset.x, y: inner.y + offset.y, width: inner.width, height: inner.height }
  }

  const pointer = { x: 0, y: 0 }
  const act = (actions: object[]) =>
    turn(async () => {
      await session.performActions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }])
    })

  const self: EnginePage = {
    engine: 'webkit',
    goto: (url) => turn(async () => void (await session.navigateTo(url))),
    url: () => turn(() => session.getUrl()),
    async click(target) {
      await withElement(target, {}, async (el) => {
        await session.executeScript('arguments[0].scrollIntoView({ block: "center", inline: "center" })', [el])
        await session.elementClick(el[ELEMENT])
      })
    },
    async fill(target, value) {
      await withElement(target, {}, async (el) => {
        await session.elementClick(el[ELEMENT])
        await session.executeScript('arguments[0].select && arguments[0].select()', [el])
        await session.elementSendKeys(el[ELEMENT], value === '' ? KEYS['Backspace']! : value)
      })
    },
    press: (key) =>
      turn(async () => {
        const value = KEYS[key] ?? key
        await session.performActions([
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ])
      }),
    async waitFor(target, options = {}) {
      await withElement(target, options, async () => undefined)
    },
    text: (target) => withElement(target, { state: 'attached' }, async (_el, found) => found.text ?? ''),
    attribute: (target, name) => withElement(target, { state: 'attached' }, async (el) => (await session.executeScript('return arguments[0].getAttribute(arguments[1])', [el, name])) as string | null),
    count: (target) => {
      const { css, text, frame } = parseTarget(target)
      return turn(() => inFrame(frame, async () => (await findHere(css, text)).count))
    },
    evaluate: (fn, arg) => turn(() => run(fn as never, arg)),
    evaluateInFrame: (frame, fn, arg) => turn(() => inFrame(frame, () => run(fn as never, arg))),
    frameText: (frame, css = 'body') => self.text({ css, frame }),
    rect,
    mouse: {
      async move(x, y) {
        Object.assign(pointer, { x: Math.round(x), y: Math.round(y) })
        await act([{ type: 'pointerMove', duration: 0, origin: 'viewport', x: pointer.x, y: pointer.y }])
      },
      down: () =>
        act([
          { type: 'pointerMove', duration: 0, origin: 'viewport', x: pointer.x, y: pointer.y },
          { type: 'pointerDown', button: 0 },
        ]),
      up: () =>
        act([
          { type: 'pointerMove', duration: 0, origin: 'viewport', x: pointer.x, y: pointer.y },
          { type: 'pointerUp', button: 0 },
        ]),
      async click(x, y) {
        Object.assign(pointer, { x: Math.round(x), y: Math.round(y) })
        await act([
          { type: 'pointerMove', duration: 0, origin: 'viewport', x: pointer.x, y: pointer.y },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ])
      },
    },
    screenshot: (path) => turn(async () => writeFileSync(path, Buffer.from(await session.takeScreenshot(), 'base64'))),
    async waitForWindow(urlPrefix, timeout = DEFAULT_TIMEOUT) {
      const found = await poll(
        () => `a window at ${urlPrefix}…`,
        timeout,
        () =>
          turn(async () => {
            for (const other of await session.getWindowHandles()) {
              if (queue.taken.has(other)) continue
              await session.switchToWindow(other)
              active.current = other
              if ((await session.getUrl()).startsWith(urlPrefix)) return other
            }
            return undefined
          }),
      )
      queue.taken.add(found)
      return webkitPage(session, found, active, false, queue)
    },
    async close() {
      if (ownsSession) await session.deleteSession().catch(() => {})
      else
        await turn(async () => {
          await session.closeWindow().catch(() => {})
          active.current = ''
        })
    },
  }
  return self
}
