import { FrameError } from '../messages.ts'
import { FRAME_APPROVAL_MAX_HEIGHT, USER_REJECTED_CODE } from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import { APPROVAL_ARM_MS, createArming, keyClicks } from './arming.ts'
import { APPROVAL_WINDOW_PATH, requestBytes, windowToFrameSchema, type FrameToWindow } from './approval-window-messages.ts'
import { dangersUnread, describedContent, el, hintLine, naturalHeight, simulationSection } from './approval-view.ts'
import { APPROVAL_TEXT, ApprovalRefused, describe, freezeRequest, type DescribeContext, type Description, type FrozenRequest, type SimulationView } from './describe.ts'
import { describeSolana, freezeSolanaRequest, isSolanaMethod, type SolanaDescribeContext, type SolanaFrozenRequest } from './describe-solana.ts'

/** A request the approval shows and signs: an EVM one (on a chain id) or a Solana one (on a CAIP-2 network). */
export type ApprovalRequest = FrozenRequest | SolanaFrozenRequest

/**
 * The frame's own approval of unsafe requests (SPEC.md §6), on the frame's origin. Each request is
 * parsed and frozen, described in the frame's document (text, never HTML), and signed, exactly as
 * frozen, only after the visitor's own gesture. The page is only asked to show the frame
 * (FRAME_APPROVAL_SHOW, with `where`) and to hide it (FRAME_APPROVAL_HIDE); no message approves.
 *
 * Where the visitor approves (`where` in FRAME_APPROVAL_SHOW):
 *
 * - 'frame', in an engine with IntersectionObserver v2 (Chromium): Approve (`#approval-approve`,
 *   `data-testid="approval-approve"`) in the frame. It takes a click only when all of these hold:
 *   the frame is fully visible (IOv2 `isVisible`: unobstructed, opaque, untransformed, and all of
 *   it on screen); the page gave it the room it asked for; it has been still (shown, not moved,
 *   not resized, content unchanged) for APPROVAL_ARM_MS (500 ms); and the pointer has rested over
 *   the frame for 500 ms since it came onto it and since the frame was last still. A touch or a pen
 *   rests from the moment it comes down: a tap must be held 500 ms. The frame's place on screen is
 *   read from every pointer event (screenX − clientX, screenY − clientY), the click's own included:
 *   a frame moved under the pointer (between two events, or between the last move and the click)
 *   restarts every wait and that click signs nothing. The keyboard path: Enter or Space on Approve
 *   focused by the visitor (the frame never focuses it; its title takes the focus) acts once the
 *   frame is fully visible, roomy and still for 500 ms, with no pointer rest.
 * - 'window', in an engine without IOv2 (Firefox, WebKit), which cannot show that the frame is
 *   fully visible: the frame shows the request's title and summary, Reject, and "Open approval
 *   window" (`#approval-open-window`, `data-testid="approval-open-window"`, armed by the same rules
 *   as Approve, less IOv2). Its click opens GET /approval, a top-level window of the frame's own
 *   origin (`frame-ancestors 'none'`: no page can frame, cover or style it), which shows the full
 *   request and its own Approve (`data-testid="approval-window-approve"`, with the same still and
 *   pointer-rest rules, and the window focused; its hint `data-testid="approval-window-hint"`) and
 *   Reject (`data-testid="approval-window-reject"`); see approval-window-page.ts and
 *   ../approval-window.ts. The frame signs exactly the frozen bytes it sent the window, on the
 *   window's decision only (origin, source window and nonce checked). A window that cannot be opened
 *   (pop-ups blocked) or is closed before deciding rejects the request: 4001, WINDOW_BLOCKED_MESSAGE
 *   or WINDOW_CLOSED_MESSAGE. No Approve exists in the frame then.
 *
 * Why Approve (or the open button) takes no click now is on it as `data-blocked`: 'busy',
 * 'simulating' (the request's balance changes are still being simulated: disabled; Reject works),
 * 'unread' (the request hands over control, or its simulation reverts, and its "I have read what this gives away" box is not
 * ticked: disabled), 'not-visible', 'too-small', 'too-soon' (shown, moved or resized less than 500 ms ago: disabled),
 * 'pointer-not-rested' (enabled for the keyboard; a pointer's click is refused, and the hint
 * `data-testid="approval-hint"` "Hold the pointer on the approval to continue" shows). No
 * `data-blocked`: armed. Reject (`#approval-reject`, `data-testid="approval-reject"`) and Escape
 * reject every waiting request (4001). The approval's root (`main.approval`) says `data-where`.
 * Browser tests rest the pointer with frame-service/test/approval-pointer.ts (`restPointerOn`).
 */

/** The height asked for before the frame has a width to lay the approval out in. */
const FIRST_HEIGHT = 320
/** The narrowest frame the approval is shown readable in. */
const MIN_WIDTH = 240

export { APPROVAL_ARM_MS }

import { RpcCodeError } from './errors.ts'

export { RpcCodeError }

export const REJECTED_MESSAGE = 'The visitor rejected the request'
export const WINDOW_BLOCKED_MESSAGE = 'The approval window could not be opened: allow pop-ups for this site and try again'
export const WINDOW_CLOSED_MESSAGE = 'The approval window was closed before the request was approved'
/** What the frame says in place of the request when the approval is in a window. */
export const WINDOW_NOTE = 'This browser cannot show that this frame is fully visible, so you review and approve the request in its own Portico Wallet window.'
const WINDOW_WAITING = 'Waiting for your decision in the approval window'

/**
 * Thrown by `deps.sign` when the service needs more from the visitor before it signs (a second factor
 * for a large amount): the request stays on screen with `message` and `field` (a code to type), and
 * the visitor's next approval signs again.
 */
export class ApprovalNeedsMore extends Error {
  constructor(
    message: string,
    readonly field: HTMLElement,
  ) {
    super(message)
    this.name = 'ApprovalNeedsMore'
  }
}

type Item = {
  request: ApprovalRequest
  description: Description
  resolve(result: unknown): void
  reject(error: Error): void
  /** What the service asked for after the last approval, shown with the request. */
  needs?: ApprovalNeedsMore | undefined
}

/** Where the visitor approves: in the frame, or in a window of the frame's origin. */
export type ApprovalWhere = 'frame' | 'window'

export type ApprovalDeps = {
  /** Posts an unasked message to the embedding page. */
  post(message: { type: 'FRAME_APPROVAL_SHOW'; payload: { height: number; where: ApprovalWhere } } | { type: 'FRAME_APPROVAL_HIDE' }): void
  /** What the description needs, read by the frame from its own service. */
  context(request: FrozenRequest): Promise<DescribeContext>
  /** What a Solana request's description needs (the user's Solana address, the network's name). */
  solanaContext(request: SolanaFrozenRequest): Promise<SolanaDescribeContext>
  /** Signs (or sends) the frozen request with the frame's service: its `result`. */
  sign(request: ApprovalRequest): Promise<unknown>
  /** What a transaction or user operation would change, simulated by the service (absent: no simulation). */
  simulate?(request: FrozenRequest, context: DescribeContext): Promise<SimulationView>
  /** What a Solana transaction would change for the visitor's Solana account, simulated by the service (absent: no simulation). */
  simulateSolana?(request: SolanaFrozenRequest, context: SolanaDescribeContext): Promise<SimulationView>
  /** The page's origin, shown as who asks. */
  requester: string
}

/** Whether this browser reports IntersectionObserver v2 visibility (occlusion, opacity, transforms). */
export const visibilityV2 = () => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype

type Blocked = '' | 'busy' | 'simulating' | 'unread' | 'not-visible' | 'too-small' | 'too-soon' | 'pointer-not-rested'

/** A random token for one approval window (base64url of 32 bytes). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** The approval window of the request first in line, while it is open. */
type OpenWindow = { item: Item; win: Window; nonce: string; bytes: string; poll: ReturnType<typeof setInterval> }

export function createApprovals(deps: ApprovalDeps) {
  const V2 = visibilityV2()
  const where: ApprovalWhere = V2 ? 'frame' : 'window'
  const queue: Item[] = []
  let busy = false
  /** Whether the approval is on screen as far as the engine can tell (IOv2: unobstructed and opaque too). */
  let visible = false
  let armTimer: ReturnType<typeof setTimeout> | undefined
  let shownHeight = 0
  let root: HTMLElement | null = null
  /** Approve ('frame'), or Open approval window ('window'). */
  let actButton: HTMLButtonElement | null = null
  let keys: { byKey(event: MouseEvent): boolean } | null = null
  let rejectButton: HTMLButtonElement | null = null
  let statusLine: HTMLElement | null = null
  let hint: ReturnType<typeof hintLine> | null = null
  let opened: OpenWindow | null = null

  const arming = createArming({ onChange: () => update() })

  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              // All of it on the page's screen (nothing pushed off an edge), and with v2 unobstructed and opaque.
              visible = (V2 ? (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible : entry.isIntersecting) && entry.intersectionRatio >= 0.99
            }
            // Any change the observer reports (shown, hidden, pushed, covered) starts the waits again.
            arming.restart()
          },
          V2 ? ({ threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit) : { threshold: [0, 0.99, 1] },
        )

  /** The page gave the frame the room it asked for: a smaller frame would hide part of the request. */
  const roomy = () => window.innerWidth >= MIN_WIDTH && window.innerHeight + 1 >= shownHeight

  /** Why the approval's button takes no click now ('' once it does): shown on it as `data-blocked`. */
  function blocked(): Blocked {
    if (busy || queue.length === 0) return 'busy'
    if (queue[0]?.description.simulation?.state === 'pending') return 'simulating'
    if (dangersUnread(root)) return 'unread'
    if (!visible) return 'not-visible'
    if (!roomy()) return 'too-small'
    if (arming.stillWait() > 0) return 'too-soon'
    if (arming.pointerWait() > 0) return 'pointer-not-rested'
    return ''
  }

  /** Whether a trusted click on the approval's button acts: a key's once still, a pointer's once rested too. */
  function clickActs(event: MouseEvent): boolean {
    if (!event.isTrusted) return false
    if (keys?.byKey(event)) {
      const reason = blocked()
      return reason === '' || reason === 'pointer-not-rested'
    }
    // Checked first: a frame moved since the pointer's last event restarts the waits (and refuses).
    const rested = arming.pointerClickMayAct(event)
    return rested && blocked() === ''
  }

  /** Enables the approval's button exactly when it may take a click; re-checks when a wait is over. */
  function update(): void {
    clearTimeout(armTimer)
    if (!actButton || !rejectButton) return
    const reason = blocked()
    actButton.disabled = !(reason === '' || reason === 'pointer-not-rested')
    if (reason === '') delete actButton.dataset['blocked']
    else actButton.dataset['blocked'] = reason
    // Enabled for the keyboard, not yet for the pointer: the hint says why (the button keeps its contrast).
    hint?.show(reason === 'pointer-not-rested')
    if (reason === 'pointer-not-rested' && hint) actButton.setAttribute('aria-describedby', hint.element.id)
    else actButton.removeAttribute('aria-describedby')
    rejectButton.disabled = busy
    const wait = reason === 'too-soon' ? arming.stillWait() : reason === 'pointer-not-rested' ? arming.pointerWait() : Infinity
    if (Number.isFinite(wait)) armTimer = setTimeout(update, Math.max(wait, 0) + 10)
  }

  function measure(): void {
    if (!root || queue.length === 0) return
    // The height the approval wants: every part at its own height, the body unscrolled; the page makes
    // room up to the cap. A frame not laid out yet (hidden: no width) asks for a first guess.
    const natural = document.documentElement.clientWidth > 0 ? naturalHeight(root) : FIRST_HEIGHT
    const height = Math.min(Math.max(Math.ceil(natural), 1), FRAME_APPROVAL_MAX_HEIGHT)
    if (height === shownHeight) return
    shownHeight = height
    deps.post({ type: 'FRAME_APPROVAL_SHOW', payload: { height, where } })
  }
  const resizes =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          measure()
          update()
        })

  function render(): void {
    const first = queue[0]
    if (!first) {
      root?.remove()
      root = actButton = rejectButton = statusLine = null
      hint = keys = null
      observer?.disconnect()
      resizes?.disconnect()
      visible = false
      if (shownHeight !== 0) deps.post({ type: 'FRAME_APPROVAL_HIDE' })
      shownHeight = 0
      return
    }
    const d = first.description
    const content: Node[] =
      where === 'frame'
        ? describedContent(d)
        : [el('p', { className: 'summary', testId: 'approval-summary', text: d.summary ?? d.title }), el('p', { className: 'requester', testId: 'approval-window-note', text: WINDOW_NOTE })]

    const title = el('h1', { id: 'approval-title', text: d.title })
    title.tabIndex = -1
    if (first.needs) {
      const said = el('p', { className: 'warning', testId: 'approval-needs', text: first.needs.message })
      said.setAttribute('role', 'alert')
      content.push(said, first.needs.field)
    }
    const body = el('section', { className: 'approval-body' }, ...content)
    body.tabIndex = 0
    body.setAttribute('aria-label', 'Request details')
    rejectButton = el('button', { className: 'secondary', id: 'approval-reject', testId: 'approval-reject', text: 'Reject' })
    rejectButton.type = 'button'
    actButton =
      where === 'frame'
        ? el('button', { className: 'primary', id: 'approval-approve', testId: 'approval-approve', text: 'Approve' })
        : el('button', { className: 'primary', id: 'approval-open-window', testId: 'approval-open-window', text: 'Open approval window' })
    actButton.type = 'button'
    keys = keyClicks(actButton)
    statusLine = el('p', { className: 'status', testId: 'approval-status' })
    statusLine.setAttribute('role', 'status')
    if (queue.length > 1) statusLine.textContent = `${queue.length - 1} more waiting`
    hint = hintLine('approval-hint')
    const next = el(
      'main',
      { className: 'approval' },
      el('header', {}, title, el('p', { className: 'requester', testId: 'approval-requester', text: `Requested by ${deps.requester}` })),
      body,
      statusLine,
      hint.element,
      el('footer', { className: 'actions' }, rejectButton, actButton),
    )
    next.setAttribute('aria-labelledby', 'approval-title')
    next.dataset['where'] = where
    // A block marked read (dangers, a revert): Approve may arm.
    next.addEventListener('change', () => update())
    rejectButton.addEventListener('click', onReject)
    actButton.addEventListener('click', where === 'frame' ? onApprove : onOpenWindow)

    const hadFocus = root?.contains(document.activeElement) ?? false
    observer?.disconnect()
    resizes?.disconnect()
    if (root) root.replaceWith(next)
    else document.body.replaceChildren(next)
    root = next
    visible = false
    arming.restart()
    observer?.observe(next)
    resizes?.observe(next)
    resizes?.observe(document.documentElement)
    const field = first.needs?.field.querySelector('input')
    if (field) field.focus({ preventScroll: true })
    else if (hadFocus || document.hasFocus()) title.focus({ preventScroll: true })
    measure()
    update()
  }

  function onApprove(event: MouseEvent): void {
    // Only the visitor's own gesture on this button, once armed: never a script's click.
    const item = queue[0]
    if (!item || !clickActs(event)) return void update()
    sign(item)
  }

  function sign(item: Item): void {
    busy = true
    const sends = ['eth_sendTransaction', 'eth_sendUserOperation', 'solana_signAndSendTransaction'].includes(item.request.method)
    if (statusLine) statusLine.textContent = sends ? 'Sending…' : 'Signing…'
    update()
    deps.sign(item.request).then(
      (result) => finish(item, () => item.resolve(result)),
      (error: unknown) => {
        if (error instanceof ApprovalNeedsMore && queue[0] === item) {
          // Still this request: shown again with what the service needs, approved again by the visitor.
          busy = false
          item.needs = error
          return render()
        }
        finish(item, () => item.reject(error instanceof Error ? error : new FrameError(MESSAGES.embeddedDefaultError)))
      },
    )
  }

  function finish(item: Item, settle: () => void): void {
    busy = false
    const index = queue.indexOf(item)
    if (index >= 0) queue.splice(index, 1)
    settle()
    render()
  }

  /** One request answers 4001 with `message` (its window closed), and the next one shows. */
  function rejectOne(item: Item, message: string): void {
    if (opened?.item === item) closeWindow()
    finish(item, () => item.reject(new RpcCodeError(message, USER_REJECTED_CODE)))
  }

  function closeWindow(): void {
    if (!opened) return
    clearInterval(opened.poll)
    try {
      opened.win.close()
    } catch {
      // Already gone.
    }
    opened = null
  }

  /** The visitor's click on "Open approval window": the request goes to a top-level window of this origin. */
  function onOpenWindow(event: MouseEvent): void {
    const item = queue[0]
    if (!item || !clickActs(event)) return void update()
    if (opened && opened.item === item && !opened.win.closed) return void opened.win.focus()
    closeWindow()
    const nonce = newNonce()
    let win: Window | null = null
    try {
      win = window.open(`${location.origin}${APPROVAL_WINDOW_PATH}#${nonce}`, '_blank', 'popup,width=460,height=720')
    } catch {
      win = null
    }
    if (!win) return rejectOne(item, WINDOW_BLOCKED_MESSAGE)
    const handle: Window = win
    const poll = setInterval(() => {
      if (!handle.closed || opened?.win !== handle) return
      closeWindow()
      // Closed before a decision: the request is rejected (unless the visitor's approval is being signed).
      if (!busy && queue[0] === item) rejectOne(item, WINDOW_CLOSED_MESSAGE)
    }, 250)
    opened = { item, win: handle, nonce, bytes: requestBytes(item.request), poll }
    if (statusLine) statusLine.textContent = WINDOW_WAITING
    if (actButton) actButton.textContent = 'Show approval window'
  }

  window.addEventListener('message', (event: MessageEvent) => {
    // Only the window this frame opened, on this origin, with its nonce.
    const open = opened
    if (!open || event.origin !== location.origin || event.source !== open.win) return
    const parsed = windowToFrameSchema.safeParse(event.data)
    if (!parsed.success || parsed.data.nonce !== open.nonce) return
    if (parsed.data.type === 'PORTICO_APPROVAL_WINDOW_READY') {
      const theme = document.documentElement.dataset['theme']
      const request: FrameToWindow = {
        type: 'PORTICO_APPROVAL_WINDOW_REQUEST',
        nonce: open.nonce,
        requester: deps.requester,
        ...(theme === 'dark' || theme === 'light' ? { themeMode: theme } : {}),
        description: open.item.description,
        bytes: open.bytes,
      }
      open.win.postMessage(request, location.origin)
      return
    }
    if (busy || queue[0] !== open.item) return
    const { approved, bytes } = parsed.data
    closeWindow()
    if (!approved) return rejectOne(open.item, REJECTED_MESSAGE)
    // Exactly the bytes sent to the window, still those of the frozen request: those are signed.
    if (bytes !== open.bytes || requestBytes(open.item.request) !== open.bytes) return rejectOne(open.item, MESSAGES.embeddedDefaultError)
    sign(open.item)
  })

  function onReject(event: MouseEvent): void {
    if (!event.isTrusted) return
    rejectAll(REJECTED_MESSAGE)
  }

  /** Rejects every request waiting (not the one being signed): each answers 4001. Returns how many. */
  function rejectAll(message: string): number {
    const waiting = queue.filter((_, i) => !(busy && i === 0))
    if (opened && waiting.includes(opened.item)) closeWindow()
    queue.splice(0, queue.length, ...queue.filter((item) => !waiting.includes(item)))
    for (const item of waiting) item.reject(new RpcCodeError(message, USER_REJECTED_CODE))
    render()
    return waiting.length
  }

  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && event.isTrusted && queue.length > 0) {
      event.preventDefault()
      rejectAll(REJECTED_MESSAGE)
    }
    // Focus stays in the approval: Tab cycles through its own controls.
    if (event.key === 'Tab' && root) {
      const items = [...root.querySelectorAll<HTMLElement>('button:not([disabled]), [tabindex="0"]')]
      const firstItem = items[0]
      const lastItem = items[items.length - 1]
      if (!firstItem || !lastItem) return
      const inside = root.contains(document.activeElement)
      if (event.shiftKey && (document.activeElement === firstItem || !inside)) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && (document.activeElement === lastItem || !inside)) {
        event.preventDefault()
        firstItem.focus()
      }
    }
  })
  // The page focused the iframe: the approval's title takes it (never Approve, so no stray Enter signs).
  window.addEventListener('focus', () => {
    if (root && !root.contains(document.activeElement)) root.querySelector<HTMLElement>('#approval-title')?.focus({ preventScroll: true })
  })

  return {
    /**
     * One unsafe request from the page: refused at once when malformed (or typed data for another
     * chain, or a Solana transaction the user's key does not sign), otherwise shown, and answered
     * with the service's result once the visitor approves. `chain`: the EVM chain id, or the Solana
     * network's CAIP-2 id.
     */
    async ask(method: string, params: unknown, chain: number | string): Promise<unknown> {
      // A user operation is shown only as the frame prepared it (askUserOperation), never as a page built it.
      if (method === 'eth_sendUserOperation') throw new ApprovalRefused(APPROVAL_TEXT.unsupported.replace('{method}', method))
      return show(method, params, chain)
    },
    /** A user operation the frame's own service prepared (`userOperationPrepare`): checked again (freezeRequest), then shown and signed like any other request. */
    askUserOperation: (prepared: { userOperation: object; hash: string; entryPoint: string; sponsored: boolean }, chainId: number): Promise<unknown> =>
      show('eth_sendUserOperation', [prepared], chainId),
    /** The page gave up (its modal closed, a disallowed call): every waiting request answers 4001. */
    abortAll: () => rejectAll(MESSAGES.embeddedRequestAborted),
    get pending() {
      return queue.length
    },
  }

  /** Refused at once when malformed, otherwise queued and shown; answered with the service's result once approved. */
  async function show(method: string, params: unknown, chain: number | string): Promise<unknown> {
    let request: ApprovalRequest
    let description: Description
    let simulation: Promise<SimulationView> | undefined
    if (isSolanaMethod(method)) {
      const solana = freezeSolanaRequest(method, params, String(chain))
      request = solana
      const context = await deps.solanaContext(solana)
      description = describeSolana(solana, context)
      if (deps.simulateSolana && solana.method !== 'solana_signMessage') {
        description.simulation = { state: 'pending' }
        simulation = deps.simulateSolana(solana, context).catch((error: unknown) => ({ state: 'unavailable' as const, reason: error instanceof Error ? error.message : 'no answer' }))
      }
    } else {
      if (typeof chain !== 'number') throw new ApprovalRefused(`Unsupported chain ${chain}`)
      const evm = freezeRequest(method, params, chain)
      request = evm
      const context = await deps.context(evm)
      description = describe(evm, context)
      if (deps.simulate && (evm.method === 'eth_sendTransaction' || evm.method === 'eth_sendUserOperation')) {
        description.simulation = { state: 'pending' }
        simulation = deps.simulate(evm, context).catch((error: unknown) => ({ state: 'unavailable' as const, reason: error instanceof Error ? error.message : 'no answer' }))
      }
    }
    return new Promise<unknown>((resolve, reject) => {
      const item: Item = { request, description, resolve, reject }
      queue.push(item)
      if (queue.length === 1) render()
      else if (statusLine && !busy) statusLine.textContent = `${queue.length - 1} more waiting`
      // The simulation fills its section in when it answers (Reject works meanwhile; Approve waits for it).
      void simulation?.then((view) => {
        item.description = { ...item.description, simulation: view }
        if (queue[0] !== item || !root) return
        root.querySelector('[data-testid="approval-changes"]')?.replaceWith(simulationSection(view))
        arming.restart()
        measure()
        update()
      })
    })
  }
}

export { ApprovalRefused }
