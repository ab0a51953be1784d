import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { toHex, verifyMessage, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchTestChromium } from '../../sandbox/src/chromium-for-tests.ts'
import { APPROVAL_WINDOW_CSP } from '../src/approval-window.ts'
import { REJECTED_MESSAGE, WINDOW_BLOCKED_MESSAGE, WINDOW_CLOSED_MESSAGE } from '../src/page/approval.ts'
import { startFrameService, type FrameServiceHandle } from '../src/server.ts'
import { pointerAway, restPointerOn } from './approval-pointer.ts'
import { freePort } from '../../sandbox/src/ports.ts'

/**
 * The approval's arming in Chromium, against a real frame service and a host page on another origin:
 * Approve takes a pointer's click only after the pointer rested on the approval (500 ms, since the
 * frame was last still); a frame the page moves under a clicking pointer signs nothing; the keyboard
 * path needs no rest. With IntersectionObserver v2 taken away in the frame's document (as in Firefox
 * and WebKit), the request is approved in the frame origin's own window, and only there.
 */
const WAIT = { timeout: 20_000 }
const PROJECT = 'approval-test'
/** Where the host lays the frame (as a modal would, over its body). */
const FRAME_BOX = { left: 40, top: 40, width: 380 }

let frame: FrameServiceHandle
let browser: Browser
const servers: Server[] = []
let host = ''

/** The dapp page: lays the frame out where it asks, records each FRAME_APPROVAL_SHOW, can move the frame. */
function hostPage(frameUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body style="margin:0;min-height:900px">
<script>
const frameOrigin = new URL(${JSON.stringify(frameUrl)}).origin
const iframe = document.createElement('iframe')
iframe.title = 'Portico secure frame'
iframe.hidden = true
iframe.src = ${JSON.stringify(frameUrl)}
window.received = []
window.shows = []
window.addEventListener('message', (e) => {
  if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) return
  if (e.data && e.data.type === 'FRAME_APPROVAL_SHOW') {
    window.shows.push(e.data.payload)
    iframe.hidden = false
    iframe.style.cssText = 'position:fixed;border:0;top:${FRAME_BOX.top}px;left:${FRAME_BOX.left}px;width:${FRAME_BOX.width}px;height:' + e.data.payload.height + 'px'
  }
  if (e.data && e.data.type === 'FRAME_APPROVAL_HIDE') iframe.hidden = true
  if (e.data && e.data.type.startsWith('FRAME_APPROVAL_')) return
  window.received.push(e.data)
})
document.body.append(iframe)
window.moveFrame = (dx, dy) => { iframe.style.left = (${FRAME_BOX.left} + dx) + 'px'; iframe.style.top = (${FRAME_BOX.top} + dy) + 'px' }
window.ask = (type, payload = {}) => new Promise((resolve) => {
  const id = crypto.randomUUID()
  const timer = setInterval(() => {
    const answer = window.received.find((m) => m.id === id)
    if (answer) { clearInterval(timer); resolve(answer) }
  }, 20)
  iframe.contentWindow.postMessage({ type: 'APP_' + type, id, payload }, frameOrigin)
})
</script></body></html>`
}

async function serveHost(): Promise<string> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (url.pathname === '/host') return void res.writeHead(200, { 'content-type': 'text/html' }).end(hostPage(url.searchParams.get('frame') ?? ''))
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

type Answer = { type: string; id?: string; payload?: { result?: Hex; message?: string; code?: number; address?: Hex } }
const ask = (page: Page, type: string, payload: object = {}) => page.evaluate(([t, p]) => (window as unknown as { ask(t: string, p: object): Promise<Answer> }).ask(t, p), [type, payload] as const)
const shows = (page: Page) => page.evaluate(() => (window as unknown as { shows: Array<{ height: number; where?: string }> }).shows)
const signatures = () => frame.rpcMethods().filter((r) => r.method === 'personal_sign').length
const secureFrame = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(`${frame.url}/frame`))!

/** axe-core (WCAG 2.1 A and AA) in a page or frame, evaluated over the DevTools protocol (the page's CSP does not apply). */
async function axeViolations(target: Page | Frame): Promise<Array<{ id: string; nodes: unknown[] }>> {
  await target.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))
  return target.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: string, opts: object) => Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }> } }).axe
    return (await axe.run('body', { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations
  })
}

let visitors = 0
/**
 * A host page with the frame, signed in as a new user (a session the service opens, kept in the
 * frame's own storage as its login would): answers the user's address.
 */
async function signedInHost(page: Page): Promise<Hex> {
  await page.goto(`${host}/host?frame=${encodeURIComponent(frame.frameUrl({ projectId: PROJECT, chainId: 31337 }))}`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: Answer[] }).received.map((m) => m.type)), WAIT).toEqual(['FRAME_READY'])
  visitors += 1
  const token = await frame.accounts.socialSession('google', `approval-visitor-${visitors}`, `visitor${visitors}`, { projectId: PROJECT, origin: host, client: '127.0.0.1' })
  await secureFrame(page).evaluate((t) => localStorage.setItem('portico-frame.session', t), token)
  expect(await ask(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toMatchObject({ type: 'FRAME_SET_PREFERRED_ACCOUNT_SUCCESS' })
  const user = await ask(page, 'GET_USER')
  expect(user.type).toBe('FRAME_GET_USER_SUCCESS')
  return user.payload!.address!
}

/** Asks the frame to sign `text`; answers the pending answer and the frame's approval. */
async function askToSign(page: Page, text: string, address: Hex) {
  const answer = ask(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(text), address] })
  await page.locator('iframe[title="Portico secure frame"]').waitFor({ state: 'visible', ...WAIT })
  const approval = page.frameLocator('iframe[title="Portico secure frame"]')
  await approval.getByTestId('approval-summary').or(approval.getByTestId('approval-message')).first().waitFor(WAIT)
  return { answer, approval }
}

describe('the approval arms only when the frame can show it is seen (Chromium, a host page on another origin)', () => {
  beforeAll(async () => {
    host = await serveHost()
    frame = await startFrameService({
      port: await freePort(),
      // No chain is reached: signing a message needs none.
      chains: [{ id: 31337, name: 'Portico Local', rpcUrl: 'http://127.0.0.1:9/', viemChain: foundry, external: true }],
      projects: { [PROJECT]: [host] },
      mail: { smtpUrl: 'smtp://127.0.0.1:9' },
    })
    browser = await launchTestChromium()
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))))
    await frame?.shutdown()
  })

  it('a pointer that has not rested on the approval arms nothing: a quick move-and-click signs nothing; the rested click signs exactly the shown bytes', async () => {
    const page = await browser.newPage()
    const address = await signedInHost(page)
    await pointerAway(page)
    const { answer, approval } = await askToSign(page, 'rest first', address)
    const approve = approval.getByTestId('approval-approve')
    expect((await shows(page)).map((s) => s.where)).toEqual(expect.arrayContaining(['frame']))
    expect(new Set((await shows(page)).map((s) => s.where))).toEqual(new Set(['frame']))
    // Shown and still, but no pointer on it: enabled for the keyboard only, and it says why.
    await expect.poll(() => approve.getAttribute('data-blocked'), WAIT).toBe('pointer-not-rested')
    await expect.poll(() => approval.getByTestId('approval-hint').evaluate((el) => getComputedStyle(el).visibility), WAIT).toBe('visible')
    expect(await approval.getByTestId('approval-hint').textContent()).toBe('Hold the pointer on the approval to continue')
    expect(await axeViolations(secureFrame(page))).toEqual([])

    // A click that lands as the pointer arrives (a page luring the visitor's click) signs nothing.
    const before = signatures()
    const box = (await approve.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2)
    expect(await ask(page, 'GET_CHAIN_ID')).toMatchObject({ type: 'FRAME_GET_CHAIN_ID_SUCCESS' })
    expect(signatures()).toBe(before)
    expect(await approve.getAttribute('data-blocked')).toBe('pointer-not-rested')

    // The visitor's pointer rests on the approval, then clicks: exactly the text shown is signed.
    const shown = (await approval.getByTestId('approval-message').textContent())!
    expect(shown).toBe('rest first')
    await restPointerOn(page, approve)
    expect(await approval.getByTestId('approval-hint').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden')
    await approve.click()
    const signed = await answer
    expect(signed).toMatchObject({ type: 'FRAME_RPC_REQUEST_SUCCESS' })
    expect(await verifyMessage({ address, message: shown, signature: signed.payload!.result! })).toBe(true)
    expect(signatures()).toBe(before + 1)
    await page.close()
  })

  it('a frame the page moves under a clicking pointer signs nothing: moved before the press, or between the last move and the click', async () => {
    const page = await browser.newPage()
    const address = await signedInHost(page)
    const { answer, approval } = await askToSign(page, 'do not move', address)
    const approve = approval.getByTestId('approval-approve')
    const before = signatures()

    // Armed under the resting pointer; the page slides the frame a little (Approve still under the
    // pointer) and the visitor presses where they were: the press sees the frame moved, and refuses.
    await restPointerOn(page, approve)
    await page.evaluate(() => (window as unknown as { moveFrame(dx: number, dy: number): void }).moveFrame(24, 0))
    await page.mouse.down()
    await page.mouse.up()
    await expect.poll(() => approve.getAttribute('data-blocked'), WAIT).not.toBeNull()
    expect(signatures()).toBe(before)

    // Armed again; the page moves the frame so that Approve lands under the pointer as the visitor
    // clicks elsewhere (the click's own move sees the frame elsewhere than the pointer's last event).
    await restPointerOn(page, approve)
    const box = (await approve.boundingBox())!
    await page.evaluate(() => (window as unknown as { moveFrame(dx: number, dy: number): void }).moveFrame(24, 60))
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + 60)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + 60)
    expect(await ask(page, 'GET_CHAIN_ID')).toMatchObject({ type: 'FRAME_GET_CHAIN_ID_SUCCESS' })
    expect(signatures()).toBe(before)

    // A frame that keeps moving (by 4 px, Approve staying under the pointer) never arms, whatever the pointer does.
    const still = (await approve.boundingBox())!
    const wiggle = await page.evaluate(() => {
      let n = 0
      return setInterval(() => (window as unknown as { moveFrame(dx: number, dy: number): void }).moveFrame(24 + (n++ % 2) * 4, 60), 150)
    })
    for (let i = 0; i < 8; i++) {
      await page.mouse.click(still.x + still.width / 2, still.y + still.height / 2)
      await new Promise((r) => setTimeout(r, 120))
    }
    expect(signatures()).toBe(before)
    await page.evaluate((id) => clearInterval(id), wiggle)

    // Once the frame stays put, the visitor's rested click signs.
    await restPointerOn(page, approve)
    await approve.click()
    expect((await answer).type).toBe('FRAME_RPC_REQUEST_SUCCESS')
    expect(signatures()).toBe(before + 1)
    await page.close()
  })

  it('the keyboard path: Enter on Approve, reached by the visitor with Tab, signs once the frame is still, with no pointer rest', async () => {
    const page = await browser.newPage()
    const address = await signedInHost(page)
    await pointerAway(page)
    const { answer, approval } = await askToSign(page, 'by key', address)
    const approve = approval.getByTestId('approval-approve')
    await expect.poll(() => approve.getAttribute('data-blocked'), WAIT).toBe('pointer-not-rested')
    // The page focuses the frame: its title takes the focus, never Approve.
    await page.evaluate(() => document.querySelector('iframe')!.focus())
    await expect.poll(() => approval.locator('#approval-title').evaluate((el) => el === document.activeElement), WAIT).toBe(true)
    for (let i = 0; i < 5 && !(await approve.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    expect(await approve.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    const signed = await answer
    expect(await verifyMessage({ address, message: 'by key', signature: signed.payload!.result! })).toBe(true)
    await page.close()
  })

  describe('an engine without IntersectionObserver v2 (taken away in the frame, as in Firefox and WebKit)', () => {
    let context: BrowserContext
    beforeAll(async () => {
      context = await browser.newContext()
      await context.addInitScript((origin) => {
        if (location.origin === origin) delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
      }, new URL(frame.url).origin)
    })
    afterAll(() => context?.close())

    it('the request is approved in the frame origin’s own window, opened by the visitor: its Approve needs the pointer’s rest, and the frame signs exactly the bytes it sent', async () => {
      const page = await context.newPage()
      const address = await signedInHost(page)
      const { answer, approval } = await askToSign(page, 'in the window', address)
      expect(new Set((await shows(page)).map((s) => s.where))).toEqual(new Set(['window']))
      // No Approve in the frame: its summary, and the button that opens the window.
      expect(await approval.getByTestId('approval-approve').count()).toBe(0)
      expect(await approval.getByTestId('approval-summary').textContent()).toBe('Sign this message')
      const open = approval.getByTestId('approval-open-window')
      await expect.poll(() => open.getAttribute('data-blocked'), WAIT).toBe('pointer-not-rested')

      // Nothing the page sends approves: forged window messages (from the page's origin) change nothing.
      const before = signatures()
      await page.evaluate((frameOrigin) => {
        const target = document.querySelector('iframe')!.contentWindow!
        for (const approved of [true, 'yes']) {
          for (const nonce of ['x'.repeat(43), 'A'.repeat(43)]) {
            target.postMessage({ type: 'PORTICO_APPROVAL_WINDOW_DECISION', nonce, approved, bytes: '{}' }, frameOrigin)
            target.postMessage({ type: 'PORTICO_APPROVAL_WINDOW_DECISION', nonce, approved, bytes: '{}' }, '*')
          }
        }
      }, new URL(frame.url).origin)
      expect(await ask(page, 'GET_CHAIN_ID')).toMatchObject({ type: 'FRAME_GET_CHAIN_ID_SUCCESS' })
      expect(signatures()).toBe(before)

      await restPointerOn(page, open)
      const opening = context.waitForEvent('page')
      await open.click()
      const popup = await opening
      expect(popup.url()).toMatch(new RegExp(`^${frame.url}/approval#[A-Za-z0-9_-]{43}$`))
      const windowApprove = popup.getByTestId('approval-window-approve')
      await windowApprove.waitFor(WAIT)
      expect(await popup.getByTestId('approval-message').textContent()).toBe('in the window')
      expect(await popup.getByTestId('approval-requester').textContent()).toBe(`Requested by ${host}`)
      expect(await axeViolations(popup)).toEqual([])
      expect(await axeViolations(secureFrame(page))).toEqual([])
      // A window opened under the pointer takes no double click: the pointer has not rested on it yet.
      const box = (await windowApprove.boundingBox())!
      await popup.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2)
      expect(signatures()).toBe(before)
      expect(popup.isClosed()).toBe(false)

      const closed = popup.waitForEvent('close')
      await restPointerOn(popup, windowApprove)
      await windowApprove.click()
      await closed
      const signed = await answer
      expect(signed.type).toBe('FRAME_RPC_REQUEST_SUCCESS')
      expect(await verifyMessage({ address, message: 'in the window', signature: signed.payload!.result! })).toBe(true)
      expect(signatures()).toBe(before + 1)
      await page.close()
    })

    it('a window closed without a decision, a pop-up blocked, or Reject in the window: 4001, nothing signed; the window’s page refuses to be framed', async () => {
      const page = await context.newPage()
      const address = await signedInHost(page)
      const before = signatures()

      let pending = await askToSign(page, 'closed', address)
      await restPointerOn(page, pending.approval.getByTestId('approval-open-window'))
      let opening = context.waitForEvent('page')
      await pending.approval.getByTestId('approval-open-window').click()
      let popup = await opening
      await popup.getByTestId('approval-window-approve').waitFor(WAIT)
      await popup.close()
      expect(await pending.answer).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: WINDOW_CLOSED_MESSAGE, code: 4001 } })

      pending = await askToSign(page, 'rejected', address)
      await restPointerOn(page, pending.approval.getByTestId('approval-open-window'))
      opening = context.waitForEvent('page')
      await pending.approval.getByTestId('approval-open-window').click()
      popup = await opening
      const closed = popup.waitForEvent('close')
      await popup.getByTestId('approval-window-reject').click(WAIT)
      await closed
      expect(await pending.answer).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: REJECTED_MESSAGE, code: 4001 } })

      // The browser blocks the pop-up (window.open answers null).
      await secureFrame(page).evaluate(() => void (window.open = () => null))
      pending = await askToSign(page, 'blocked', address)
      await restPointerOn(page, pending.approval.getByTestId('approval-open-window'))
      await pending.approval.getByTestId('approval-open-window').click()
      expect(await pending.answer).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: WINDOW_BLOCKED_MESSAGE, code: 4001 } })
      expect(signatures()).toBe(before)

      // GET /approval is only ever a top-level window.
      const res = await fetch(`${frame.url}/approval`)
      expect(res.headers.get('content-security-policy')).toBe(APPROVAL_WINDOW_CSP)
      expect(APPROVAL_WINDOW_CSP).toContain("frame-ancestors 'none'")
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull()
      // So is GET /panel, the settings panels' window.
      const panel = await fetch(`${frame.url}/panel`)
      expect(panel.headers.get('content-security-policy')).toBe(APPROVAL_WINDOW_CSP)
      expect(panel.headers.get('x-frame-options')).toBe('DENY')
      expect(await panel.text()).toContain('<script type="module" src="/assets/panel-window.js"></script>')
      await page.close()
    })
  })
})
