import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from '@playwright/test'
import type { Sandbox } from '@portico/sandbox'
import { WINDOW_CLOSED_MESSAGE } from '@portico/frame-service/page/approval.ts'
import { encodeFunctionData, erc20Abi, maxUint256, parseUnits, toHex, verifyMessage, type Hex } from 'viem'
import type { EnginePage } from '../engine.ts'
import type { Spec } from '../spec.ts'
import { unsafeCalls, visitorClick } from '../spec.ts'

/**
 * The embedded wallet's frame on an attacker's page, in engines without IntersectionObserver v2
 * (Firefox, WebKit): the page is on an origin the project allows (the sandbox's demo project takes
 * any port of 127.0.0.1), hosts the frame itself, signs a visitor in (a session the frame service
 * opens, kept in the frame's storage as its login would) and asks the frame to sign. Whatever it
 * does to the frame, nothing is signed without the visitor's click in the frame origin's own
 * approval window, and that click signs exactly the bytes the window shows.
 */

/** The sandbox's demo project: the frame takes any port of 127.0.0.1 for it. */
const PROJECT = 'portico-demo'
/** The frame's iframe on the attacker's page. */
const FRAME = 'iframe#wallet'
const OPEN_WINDOW = { css: '[data-testid="approval-open-window"]', frame: FRAME }
const WINDOW_APPROVE = '[data-testid="approval-window-approve"]'

/**
 * The attacker's page: a decoy ("Claim your prize"), the frame laid out where it asks, and the
 * tricks a script of the page can play on it (window.trick). `window.ask(type, payload)` posts one
 * request to the frame and resolves with its answer; `window.answers[id]` keeps late ones.
 */
function attackerPage(frameUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Free tokens</title>
<style>
  body { margin: 0; min-height: 1200px; font: 16px sans-serif; background: #fff }
  #decoy { position: absolute; left: 700px; top: 560px; padding: 12px 20px }
  #wallet { position: fixed; left: 60px; top: 120px; width: 380px; height: 320px; border: 0; background: #fff }
  .cover { position: fixed; background: #fde; z-index: 10 }
</style></head><body>
<button id="decoy" type="button">Claim your prize</button>
<iframe id="wallet" title="wallet" hidden></iframe>
<script>
const frameOrigin = new URL(${JSON.stringify(frameUrl)}).origin
const iframe = document.getElementById('wallet')
iframe.src = ${JSON.stringify(frameUrl)}
window.received = []
window.shows = []
window.addEventListener('message', (e) => {
  if (e.origin !== frameOrigin || e.source !== iframe.contentWindow) return
  if (e.data && e.data.type === 'FRAME_APPROVAL_SHOW') { window.shows.push(e.data.payload); iframe.hidden = false; iframe.style.height = e.data.payload.height + 'px' }
  if (e.data && e.data.type === 'FRAME_APPROVAL_HIDE') iframe.hidden = true
  window.received.push(e.data)
})
window.ask = (type, payload = {}) => {
  const id = crypto.randomUUID()
  iframe.contentWindow.postMessage({ type: 'APP_' + type, id, payload }, frameOrigin)
  return id
}
window.answer = (id) => window.received.find((m) => m.id === id) || null
const undo = []
window.reset = () => { while (undo.length) undo.pop()(); iframe.style.cssText = ''; iframe.style.height = (window.shows.at(-1)?.height ?? 320) + 'px' }
window.trick = (name, hole) => {
  window.reset()
  const s = iframe.style
  if (name === 'near-transparent') s.opacity = '0.03'
  if (name === 'filtered') s.filter = 'opacity(4%) blur(0.5px)'
  if (name === 'scaled') { s.transformOrigin = '0 0'; s.transform = 'scale(0.3)' }
  if (name === 'blended') { s.mixBlendMode = 'screen' }
  if (name === 'covered except the button') {
    // Four panels over everything but the button: the visitor sees the decoy's story around it.
    const { x, y, width, height } = hole
    const panels = [[0, 0, innerWidth, y], [0, y + height, innerWidth, innerHeight], [0, y, x, height], [x + width, y, innerWidth, height]]
    for (const [l, t, w, h] of panels) {
      const d = document.createElement('div')
      d.className = 'cover'
      d.textContent = 'Click the button to claim your prize'
      Object.assign(d.style, { left: l + 'px', top: t + 'px', width: Math.max(w, 0) + 'px', height: Math.max(h, 0) + 'px' })
      document.body.append(d)
      undo.push(() => d.remove())
    }
  }
  if (name === 'opacity flipped on pointer-down') {
    // Shown while the pointer rests; gone the moment it presses (the page's blur: the press went into the frame).
    const hide = () => { s.opacity = '0' }
    window.addEventListener('blur', hide)
    document.addEventListener('pointerdown', hide, true)
    undo.push(() => { window.removeEventListener('blur', hide); document.removeEventListener('pointerdown', hide, true) })
  }
}
/** Moves the frame so that the point (x, y) of its viewport lands at (px, py) of the page's. */
window.moveUnder = (x, y, px, py) => { iframe.style.left = (px - x) + 'px'; iframe.style.top = (py - y) + 'px' }
</script></body></html>`
}

type Answer = { type: string; id?: string; payload?: { result?: Hex; message?: string; code?: number; address?: Hex } } | null

async function serveAttacker(frameUrl: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if ((req.url ?? '/').startsWith('/free-tokens')) return void res.writeHead(200, { 'content-type': 'text/html' }).end(attackerPage(frameUrl))
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

let visitors = 0
/** The attacker's page with the frame, a visitor signed in (on the EOA): answers the address. */
async function signedInAttacker(page: EnginePage, sandbox: Sandbox, origin: string): Promise<Hex> {
  await page.goto(`${origin}/free-tokens`)
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: Array<{ type: string }> }).received.map((m) => m.type)), { timeout: 20_000 }).toContain('FRAME_READY')
  visitors += 1
  const token = await sandbox.frame.accounts.socialSession('google', `engines-attack-${Date.now()}-${visitors}`, `visitor${visitors}`, { projectId: PROJECT, origin, client: '127.0.0.1' })
  await page.evaluateInFrame(FRAME, (t) => localStorage.setItem('portico-frame.session', t), token)
  const preferred = await ask(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })
  expect(preferred?.type).toBe('FRAME_SET_PREFERRED_ACCOUNT_SUCCESS')
  const user = await ask(page, 'GET_USER')
  expect(user?.type).toBe('FRAME_GET_USER_SUCCESS')
  return user!.payload!.address!
}

/** Posts a request and waits for its answer. */
async function ask(page: EnginePage, type: string, payload: object = {}): Promise<Answer> {
  const id = await post(page, type, payload)
  return answerOf(page, id)
}
const post = (page: EnginePage, type: string, payload: object) => page.evaluate(([t, p]) => (window as unknown as { ask(t: string, p: object): string }).ask(t, p), [type, payload] as const)
async function answerOf(page: EnginePage, id: string, timeout = 20_000): Promise<Answer> {
  let answer: Answer = null
  await expect.poll(async () => (answer = await page.evaluate((i) => (window as unknown as { answer(i: string): Answer }).answer(i), id)), { timeout }).not.toBeNull()
  return answer
}
const peekAnswer = (page: EnginePage, id: string) => page.evaluate((i) => (window as unknown as { answer(i: string): Answer }).answer(i), id)

/** Asks the frame to sign `text`; waits for its approval (the open-window button): answers the request's id. */
async function askToSign(page: EnginePage, text: string, address: Hex): Promise<string> {
  const id = await post(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(text), address] })
  await page.waitFor(OPEN_WINDOW, { state: 'attached', timeout: 20_000 })
  await page.waitFor({ css: '[data-testid="approval-summary"]', frame: FRAME }, { state: 'attached' })
  return id
}

/** The middle of the open-window button in the page's viewport, with the frame's own scale taken in. */
async function openButtonMiddle(page: EnginePage, scale = 1): Promise<{ x: number; y: number; inFrame: { x: number; y: number } }> {
  const inFrame = await page.evaluateInFrame(FRAME, () => {
    const r = document.querySelector('[data-testid="approval-open-window"]')!.getBoundingClientRect()
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 }
  })
  const frame = await page.rect(FRAME)
  return { x: frame.x + inFrame.x * scale, y: frame.y + inFrame.y * scale, inFrame }
}

/** The frame's approval window if it opened within `ms`, or null. */
async function approvalWindow(page: EnginePage, frameOrigin: string, ms: number): Promise<EnginePage | null> {
  return page.waitForWindow(`${frameOrigin}/approval`, ms).catch(() => null)
}

const TRICKS = ['near-transparent', 'filtered', 'scaled', 'blended', 'covered except the button', 'opacity flipped on pointer-down'] as const

export const attackSpecs: Spec[] = [
  {
    name: 'an attacker page on an allowed origin fades, filters, scales, blends and covers the frame, flips its opacity on pointer-down and moves it under a clicking pointer: nothing is signed',
    timeout: 120_000,
    async run({ page, sandbox }) {
      const frameUrl = sandbox.frame.frameUrl({ projectId: PROJECT, chainId: 31337 })
      const frameOrigin = new URL(frameUrl).origin
      const { origin, server } = await serveAttacker(frameUrl)
      try {
        const address = await signedInAttacker(page, sandbox, origin)
        const before = sandbox.frame.rpcMethods().length
        const text = 'Transfer every token you hold to the prize pool'
        const outcomes: string[] = []

        for (const trick of TRICKS) {
          // The page asks, plays its trick, and lures the visitor's click onto the frame's button: the
          // pointer rests where the button is (it is armed then: this engine cannot see the trick).
          const id = await askToSign(page, text, address)
          const hole = trick === 'covered except the button' ? await page.rect(OPEN_WINDOW) : undefined
          await page.evaluate(([t, h]) => (window as unknown as { trick(t: string, h?: object): void }).trick(t, h), [trick, hole] as const)
          const target = await openButtonMiddle(page, trick === 'scaled' ? 0.3 : 1)
          await page.mouse.move(target.x, target.y)
          await new Promise((r) => setTimeout(r, 800))
          await page.mouse.click(target.x, target.y)
          // At most the frame origin's own window opens, showing the real request, which no page can
          // cover or style; the visitor closes it: the request is refused, and nothing was signed.
          const opened = await approvalWindow(page, frameOrigin, 5_000)
          expect(unsafeCalls(sandbox, before), trick).toEqual([])
          outcomes.push(`${trick}: ${opened ? 'window opened, closed by the visitor' : 'click refused in the frame'}`)
          if (opened) {
            expect(await opened.text('[data-testid="approval-message"]'), trick).toBe(text)
            expect(await opened.url(), trick).toMatch(new RegExp(`^${frameOrigin}/approval#[A-Za-z0-9_-]{43}$`))
            await opened.close()
            expect(await answerOf(page, id), trick).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: WINDOW_CLOSED_MESSAGE, code: 4001 } })
          } else {
            // The frame refused the click: the request still waits; the visitor rejects it in the frame.
            expect(await peekAnswer(page, id), trick).toBeNull()
            await page.evaluate(() => (window as unknown as { reset(): void }).reset())
            await visitorClick(page, { css: '#approval-reject', frame: FRAME })
            expect(await answerOf(page, id), trick).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { code: 4001 } })
          }
          await page.evaluate(() => (window as unknown as { reset(): void }).reset())
          expect(unsafeCalls(sandbox, before), trick).toEqual([])
        }

        // The page moves the frame under a pointer resting on its decoy, as the visitor clicks there:
        // the frame sees itself moved under the pointer (the pointer has not rested on it), and the click does nothing.
        const closeAndRefused = async (id: string) => {
          const opened = await page.waitForWindow(`${frameOrigin}/approval`)
          expect(await opened.text('[data-testid="approval-message"]')).toBe(text)
          await opened.close()
          expect(await answerOf(page, id)).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: WINDOW_CLOSED_MESSAGE, code: 4001 } })
        }
        let id = await askToSign(page, text, address)
        const decoy = await page.rect('#decoy')
        const at = { x: decoy.x + decoy.width / 2, y: decoy.y + decoy.height / 2 }
        await page.mouse.move(at.x, at.y)
        await new Promise((r) => setTimeout(r, 800))
        const { inFrame } = await openButtonMiddle(page)
        await page.evaluate(([a, b, c, d]) => (window as unknown as { moveUnder(a: number, b: number, c: number, d: number): void }).moveUnder(a, b, c, d), [inFrame.x, inFrame.y, at.x, at.y] as const)
        await page.mouse.click(at.x, at.y)
        expect(await approvalWindow(page, frameOrigin, 2_000)).toBeNull()
        expect(await peekAnswer(page, id)).toBeNull()
        // The click was on the button: left there to rest, the same pointer's next click opens the window.
        await new Promise((r) => setTimeout(r, 800))
        await page.mouse.click(at.x, at.y)
        await closeAndRefused(id)

        // Armed under a resting pointer, then slid a little (the button still under it) as the visitor clicks: refused too.
        await page.evaluate(() => (window as unknown as { reset(): void }).reset())
        id = await askToSign(page, text, address)
        await visitorClick(page, OPEN_WINDOW, { beforeClick: () => page.evaluate(() => void ((document.getElementById('wallet') as HTMLIFrameElement).style.left = '84px')) })
        expect(await approvalWindow(page, frameOrigin, 2_000)).toBeNull()
        expect(await peekAnswer(page, id)).toBeNull()
        // Where it now stays, the visitor's rested click opens the window.
        await visitorClick(page, OPEN_WINDOW)
        await closeAndRefused(id)
        expect(unsafeCalls(sandbox, before)).toEqual([])
        if (process.env['PORTICO_ENGINES_VERBOSE']) console.log(`    ${outcomes.join('; ')}`)
      } finally {
        server.close()
      }
    },
  },
  {
    name: "on an attacker page, forged window decisions sign nothing, the approval window takes no click before the pointer rests on it, and the visitor's rested click there signs exactly the shown bytes",
    async run({ page, sandbox }) {
      const frameUrl = sandbox.frame.frameUrl({ projectId: PROJECT, chainId: 31337 })
      const frameOrigin = new URL(frameUrl).origin
      const { origin, server } = await serveAttacker(frameUrl)
      try {
        const address = await signedInAttacker(page, sandbox, origin)
        const before = sandbox.frame.rpcMethods().length
        const id = await askToSign(page, 'gm from the prize pool', address)
        expect(await page.evaluate(() => (window as unknown as { shows: Array<{ where?: string }> }).shows.map((s) => s.where))).toEqual(expect.arrayContaining(['window']))
        expect(await page.count({ css: '[data-testid="approval-approve"]', frame: FRAME })).toBe(0)

        // The page forges the window's decision, from its own origin: nothing signs.
        await page.evaluate((o) => {
          const target = (document.getElementById('wallet') as HTMLIFrameElement).contentWindow!
          for (const nonce of ['x'.repeat(43), 'A'.repeat(43)]) {
            for (const approved of [true, 'yes']) {
              target.postMessage({ type: 'PORTICO_APPROVAL_WINDOW_DECISION', nonce, approved, bytes: '{}' }, o)
              target.postMessage({ type: 'PORTICO_APPROVAL_WINDOW_DECISION', nonce, approved, bytes: '{}' }, '*')
            }
          }
        }, frameOrigin)
        expect((await ask(page, 'GET_CHAIN_ID'))?.type).toBe('FRAME_GET_CHAIN_ID_SUCCESS')
        expect(unsafeCalls(sandbox, before)).toEqual([])

        await visitorClick(page, OPEN_WINDOW)
        const approval = await page.waitForWindow(`${frameOrigin}/approval`)
        expect(await approval.url()).toMatch(new RegExp(`^${frameOrigin}/approval#[A-Za-z0-9_-]{43}$`))
        const shown = await approval.text('[data-testid="approval-message"]')
        expect(shown).toBe('gm from the prize pool')
        expect(await approval.text('[data-testid="approval-requester"]')).toBe(`Requested by ${origin}`)
        // A click as soon as the window is there (a double click that opened it, say) signs nothing.
        const box = await approval.rect(WINDOW_APPROVE)
        await approval.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
        await approval.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
        expect(unsafeCalls(sandbox, before)).toEqual([])
        expect(await peekAnswer(page, id)).toBeNull()

        await visitorClick(approval, WINDOW_APPROVE)
        const signed = await answerOf(page, id)
        expect(signed?.type).toBe('FRAME_RPC_REQUEST_SUCCESS')
        expect(await verifyMessage({ address, message: shown, signature: signed!.payload!.result! })).toBe(true)
        expect(unsafeCalls(sandbox, before)).toEqual(['personal_sign'])
      } finally {
        server.close()
      }
    },
  },
  {
    name: 'a dangerous request through the approval window: an unlimited allowance is named from its simulation, a transfer that would fail says so and Approve arms only once that is marked read; closed, nothing is signed',
    timeout: 120_000,
    async run({ page, sandbox }) {
      const frameUrl = sandbox.frame.frameUrl({ projectId: PROJECT, chainId: 31337 })
      const frameOrigin = new URL(frameUrl).origin
      const { origin, server } = await serveAttacker(frameUrl)
      try {
        const address = await signedInAttacker(page, sandbox, origin)
        const before = sandbox.frame.rpcMethods().length
        const usdc = sandbox.contracts[31337]!.USDC!.address as Hex
        const stranger: Hex = '0x000000000000000000000000000000000000dEaD'
        const askTransaction = async (data: Hex) => {
          const id = await post(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: address, to: usdc, data }] })
          await page.waitFor(OPEN_WINDOW, { state: 'attached', timeout: 20_000 })
          // The open-window button arms once the simulation answered (the visitor's rested pointer waits for it).
          await visitorClick(page, OPEN_WINDOW)
          return { id, approval: await page.waitForWindow(`${frameOrigin}/approval`) }
        }

        // An unlimited allowance of the visitor's USDC to a stranger: the window names it from the simulated Approval log.
        let asked = await askTransaction(encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, maxUint256] }))
        await asked.approval.waitFor({ css: '[data-testid="approval-change"]', text: /Unlimited approval to/ })
        expect(await asked.approval.text('[data-testid="approval-changes"]')).toMatch(/Unlimited approval to .* for your USDC/)
        await asked.approval.close()
        expect(await answerOf(page, asked.id)).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: WINDOW_CLOSED_MESSAGE, code: 4001 } })

        // 25 USDC from an account that holds none: the window says it will fail, with the token's reason, and waits to be told it was read.
        asked = await askTransaction(encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger, parseUnits('25', 6)] }))
        await asked.approval.waitFor('[data-testid="approval-revert"]')
        expect(await asked.approval.text('[data-testid="approval-revert"]')).toMatch(/^The network says it reverts: /)
        expect(await asked.approval.attribute(WINDOW_APPROVE, 'data-blocked')).toBe('unread')
        await asked.approval.click('[data-testid="approval-revert-read"]')
        await expect.poll(() => asked.approval.attribute(WINDOW_APPROVE, 'data-blocked')).not.toBe('unread')
        await asked.approval.close()
        expect(await answerOf(page, asked.id)).toMatchObject({ type: 'FRAME_RPC_REQUEST_ERROR', payload: { message: WINDOW_CLOSED_MESSAGE, code: 4001 } })
        expect(unsafeCalls(sandbox, before)).toEqual([])
      } finally {
        server.close()
      }
    },
  },
]
