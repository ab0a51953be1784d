// First: zod must not probe `new Function` under the page's CSP (see zod-jitless.ts).
import './zod-jitless.ts'
import { createArming, keyClicks } from './arming.ts'
import { frameToWindowSchema, windowNonceSchema, type FrameToWindow, type WindowToFrame } from './approval-window-messages.ts'
import { dangersUnread, describedContent, el, hintLine } from './approval-view.ts'

/**
 * The approval window (GET /approval): a top-level window of the frame service's origin that the
 * frame opens on the visitor's click where the engine cannot show that the frame is fully visible
 * (no IntersectionObserver v2). No page can frame, cover, fade or style a top-level window, so what
 * it shows is what the visitor sees. It takes its one request from `window.opener` (the frame that
 * opened it: origin, source and the nonce of its URL's fragment checked), shows it in full, and
 * posts the visitor's decision back to the frame, which signs the frozen bytes it sent.
 *
 * Approve (`data-testid="approval-window-approve"`) acts on a trusted click once the window has been
 * shown, focused, unmoved and unresized for 500 ms and the pointer has rested on it for 500 ms since
 * (a window opened under the cursor takes no double click); or on Enter / Space once focused by the
 * visitor, after 500 ms still. `data-blocked` and the hint (`data-testid="approval-window-hint"`)
 * say why it waits. Reject (`data-testid="approval-window-reject"`) and Escape reject.
 */

const nonce = windowNonceSchema.safeParse(location.hash.slice(1))
const opener = window.opener as Window | null

function say(text: string): void {
  const line = el('p', { testId: 'approval-window-state', text })
  line.setAttribute('role', 'status')
  document.body.replaceChildren(el('main', { className: 'approval' }, line))
}

function show(request: FrameToWindow, frame: Window, token: string): void {
  const send = (message: WindowToFrame) => frame.postMessage(message, location.origin)
  const d = request.description
  if (request.themeMode) document.documentElement.dataset['theme'] = request.themeMode
  document.title = `${d.title} · Portico Wallet`
  let decided = false
  let armTimer: ReturnType<typeof setTimeout> | undefined

  const title = el('h1', { id: 'approval-title', text: d.title })
  title.tabIndex = -1
  const body = el('section', { className: 'approval-body' }, ...describedContent(d))
  body.tabIndex = 0
  body.setAttribute('aria-label', 'Request details')
  const reject = el('button', { className: 'secondary', id: 'approval-window-reject', testId: 'approval-window-reject', text: 'Reject' })
  reject.type = 'button'
  const approve = el('button', { className: 'primary', id: 'approval-window-approve', testId: 'approval-window-approve', text: 'Approve' })
  approve.type = 'button'
  const keys = keyClicks(approve)
  const status = el('p', { className: 'status', testId: 'approval-window-status' })
  status.setAttribute('role', 'status')
  const hint = hintLine('approval-window-hint')
  const main = el(
    'main',
    { className: 'approval' },
    el('header', {}, title, el('p', { className: 'requester', testId: 'approval-requester', text: `Requested by ${request.requester}` })),
    body,
    status,
    hint.element,
    el('footer', { className: 'actions' }, reject, approve),
  )
  main.setAttribute('aria-labelledby', 'approval-title')

  const arming = createArming({ onChange: () => update(), needsFocus: true })
  const blocked = (): '' | 'busy' | 'unread' | 'too-soon' | 'pointer-not-rested' => {
    if (decided) return 'busy'
    if (dangersUnread(main)) return 'unread'
    if (arming.stillWait() > 0) return 'too-soon'
    if (arming.pointerWait() > 0) return 'pointer-not-rested'
    return ''
  }
  function update(): void {
    clearTimeout(armTimer)
    const reason = blocked()
    approve.disabled = !(reason === '' || reason === 'pointer-not-rested')
    if (reason === '') delete approve.dataset['blocked']
    else approve.dataset['blocked'] = reason
    hint.show(reason === 'pointer-not-rested')
    if (reason === 'pointer-not-rested') approve.setAttribute('aria-describedby', hint.element.id)
    else approve.removeAttribute('aria-describedby')
    reject.disabled = decided
    const wait = reason === 'too-soon' ? arming.stillWait() : reason === 'pointer-not-rested' ? arming.pointerWait() : Infinity
    if (Number.isFinite(wait)) armTimer = setTimeout(update, Math.max(wait, 0) + 10)
  }
  function decide(approved: boolean): void {
    decided = true
    status.textContent = approved ? 'Approved. This window closes when the wallet is done.' : 'Rejected.'
    update()
    send({ type: 'PORTICO_APPROVAL_WINDOW_DECISION', nonce: token, approved, bytes: request.bytes })
  }

  // Every block marked read (what hands control over, a revert): Approve may arm once all are.
  main.addEventListener('change', () => update())
  approve.addEventListener('click', (event) => {
    if (decided || !event.isTrusted) return
    if (keys.byKey(event)) {
      const reason = blocked()
      if (reason === '' || reason === 'pointer-not-rested') decide(true)
      return
    }
    // Checked first: a window moved since the pointer's last event restarts the waits (and refuses).
    if (arming.pointerClickMayAct(event) && blocked() === '') decide(true)
    else update()
  })
  reject.addEventListener('click', (event) => void (event.isTrusted && !decided && decide(false)))
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && event.isTrusted && !decided) {
      event.preventDefault()
      decide(false)
    }
  })

  document.body.replaceChildren(main)
  arming.restart()
  title.focus({ preventScroll: true })
  update()
}

if (!nonce.success || !opener) {
  say('This window shows a Portico Wallet approval. It opens from the wallet, in a dapp.')
} else {
  const token = nonce.data
  const frame = opener
  let shown = false
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the frame that opened this window, on this origin, with this window's nonce.
    if (shown || event.origin !== location.origin || event.source !== frame) return
    const parsed = frameToWindowSchema.safeParse(event.data)
    if (!parsed.success || parsed.data.nonce !== token) return
    shown = true
    show(parsed.data, frame, token)
  })
  frame.postMessage({ type: 'PORTICO_APPROVAL_WINDOW_READY', nonce: token } satisfies WindowToFrame, location.origin)
}
