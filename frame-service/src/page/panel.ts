import { FRAME_APPROVAL_MAX_HEIGHT, USER_REJECTED_CODE } from '@portico/shared-types/embedded'
import { FrameError } from '../messages.ts'
import { createArming, keyClicks } from './arming.ts'
import { el, hintLine, naturalHeight } from './approval-view.ts'
import { RpcCodeError } from './approval.ts'

/** What the frame's own settings panels say (the frame page's texts, like APPROVAL_TEXT). */
export const PANEL_TEXT = {
  cancel: 'Cancel',
  cancelled: 'The visitor cancelled',
  busy: 'Another request is waiting in the wallet. Finish it first',
  requestedBy: 'Asked from {origin}',
  addPasskeyTitle: 'Add a passkey',
  addPasskeyBody: "Sign in to this wallet on any site that uses it with this device's screen lock, fingerprint or face, or a security key. No email needed.",
  addPasskeyAction: 'Create passkey',
  removePasskeyTitle: 'Remove this passkey?',
  removePasskeyBody: '"{name}" will no longer sign you in to this wallet. Remove it from your device or password manager too.',
  removePasskeyAction: 'Remove passkey',
  signInTitle: 'Sign in with a passkey',
  signInBody: 'Use the passkey you saved for this wallet.',
  signInAction: 'Continue with a passkey',
  working: 'Waiting for your passkey…',
  exportTitle: 'Export your private key',
  exportBody:
    'Your private key gives full control of this account to whoever sees it. Portico will never ask you for it. Show it only to move the account into a wallet you trust, with nobody watching your screen. We will email you that it was exported.',
  exportConfirm: 'I have read this: anyone with this key can take everything in the account',
  exportAction: 'Show private key',
  exportShownTitle: 'Your private key',
  exportShownBody: 'Shown only here, in the wallet’s own window. Import it into a wallet you trust, then hide it.',
  copy: 'Copy key',
  copied: 'Copied',
  hide: 'Hide key',
  show: 'Show key',
  done: 'Done',
  unavailable: 'This browser cannot use passkeys here',
  totpTitle: 'Set up an authenticator app',
  totpBody: 'Scan this code with an authenticator app (or type its key), then enter the 6-digit code the app shows. From then on, a code from the app proves it is you before the key is shown.',
  totpKey: 'Key',
  totpCode: 'Code from the app',
  totpAction: 'Turn on',
  totpCodeInvalid: 'Enter the 6-digit code your app shows',
  recoveryTitle: 'Save your recovery codes',
  recoveryBody: 'Each code works once, in place of a code from the app, if you lose your device. They are shown only now: keep them somewhere safe.',
  recoveryCopy: 'Copy codes',
  stepUpCode: 'Or a code from your authenticator app (or a recovery code)',
  stepUpCodeInvalid: 'Enter a 6-digit code or a recovery code',
  approvalStepUpCode: 'A code from your authenticator app (or a recovery code)',
} as const

/**
 * A panel's words and what its button does once the visitor's own click arms it. `confirm`: a box the
 * visitor must tick ("I have read…") before the button arms; `content`: more of the frame's own nodes.
 */
export type PanelRequest<T> = {
  title: string
  body: string
  action: string
  testId: string
  confirm?: string
  content?: Node[]
  /** The status line while `run` works (default: waiting for the passkey). */
  working?: string
  run(): Promise<T>
  /** Ends a `run` that waits on something the page may give up on (the panel window): it then rejects with 4001. */
  stop?(): void
}

/** The height asked for before the panel could be measured. */
const FIRST_HEIGHT = 240

/**
 * The frame's own settings panels (add or remove a passkey, sign in with one): shown in the frame's
 * document, laid over the modal by the page (FRAME_APPROVAL_SHOW / HIDE, as approvals are), and
 * acted on only by the visitor's trusted click on the panel's button (or Enter / Space on it), once
 * the frame has been still and the pointer has rested on it (arming.ts), and, where the engine
 * reports it (IntersectionObserver v2), once the frame is fully visible. A message from the page
 * only asks for the panel; no message presses its button. Cancel and Escape answer 4001.
 */
export function createPanels(deps: {
  post(message: { type: 'FRAME_APPROVAL_SHOW'; payload: { height: number; where: 'frame'; panel: true } } | { type: 'FRAME_APPROVAL_HIDE' }): void
  requester: string
  busy(): boolean
  /** A top-level window of the frame's origin (the panel window): no page covers it; it arms once it has the focus. */
  topLevel?: boolean
}) {
  const V2 = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
  const topLevel = deps.topLevel === true
  let current: { root: HTMLElement; cancel(): void; stop(): boolean } | null = null

  return {
    get open() {
      return current !== null
    },
    /** Shows one panel and answers what its action answered; refused while an approval or another panel waits. */
    ask<T>(request: PanelRequest<T>): Promise<T> {
      if (current || deps.busy()) return Promise.reject(new FrameError(PANEL_TEXT.busy))
      return new Promise<T>((resolve, reject) => {
        let running = false
        let visible = topLevel || (!V2 && typeof IntersectionObserver === 'undefined')
        const arming = createArming({ onChange: () => update(), needsFocus: topLevel })
        const title = el('h1', { id: 'panel-title', text: request.title })
        title.tabIndex = -1
        const action = el('button', { className: 'primary', id: 'panel-action', testId: request.testId, text: request.action })
        action.type = 'button'
        const cancel = el('button', { className: 'secondary', id: 'panel-cancel', testId: 'panel-cancel', text: PANEL_TEXT.cancel })
        cancel.type = 'button'
        const status = el('p', { className: 'status', testId: 'panel-status' })
        status.setAttribute('role', 'status')
        const hint = hintLine('panel-hint')
        const keys = keyClicks(action)
        const tick = request.confirm === undefined ? null : el('input', { id: 'panel-confirm', testId: 'panel-confirm' })
        if (tick) tick.type = 'checkbox'
        const confirmLine = tick ? el('label', { className: 'read-confirm' }, tick, document.createTextNode(` ${request.confirm}`)) : null
        const root = el(
          'main',
          { className: 'approval panel' },
          el('header', {}, title, el('p', { className: 'requester', text: PANEL_TEXT.requestedBy.replace('{origin}', deps.requester) })),
          el('section', { className: 'approval-body' }, el('p', { text: request.body }), ...(request.content ?? []), ...(confirmLine ? [confirmLine] : [])),
          status,
          hint.element,
          el('footer', { className: 'actions' }, cancel, action),
        )
        root.setAttribute('aria-labelledby', 'panel-title')
        tick?.addEventListener('change', () => update())
        let timer: ReturnType<typeof setTimeout> | undefined
        let resizes: ResizeObserver | null = null

        const blocked = (): string => {
          if (running) return 'busy'
          if (tick && !tick.checked) return 'unread'
          if (!visible) return 'not-visible'
          if (arming.stillWait() > 0) return 'too-soon'
          if (arming.pointerWait() > 0) return 'pointer-not-rested'
          return ''
        }
        function update(): void {
          clearTimeout(timer)
          const reason = blocked()
          action.disabled = !(reason === '' || reason === 'pointer-not-rested')
          if (reason === '') delete action.dataset['blocked']
          else action.dataset['blocked'] = reason
          hint.show(reason === 'pointer-not-rested')
          cancel.disabled = running
          const wait = reason === 'too-soon' ? arming.stillWait() : reason === 'pointer-not-rested' ? arming.pointerWait() : Infinity
          if (Number.isFinite(wait)) timer = setTimeout(update, Math.max(wait, 0) + 10)
        }
        const observer =
          topLevel || typeof IntersectionObserver === 'undefined'
            ? null
            : new IntersectionObserver(
                (entries) => {
                  for (const entry of entries) visible = (V2 ? (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible : entry.isIntersecting) && entry.intersectionRatio >= 0.99
                  arming.restart()
                },
                V2 ? ({ threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit) : { threshold: [0, 0.99, 1] },
              )
        const close = () => {
          clearTimeout(timer)
          observer?.disconnect()
          resizes?.disconnect()
          document.removeEventListener('keydown', onKey)
          root.remove()
          current = null
          deps.post({ type: 'FRAME_APPROVAL_HIDE' })
        }
        const onCancel = () => {
          if (running) return
          close()
          reject(new RpcCodeError(PANEL_TEXT.cancelled, USER_REJECTED_CODE))
        }
        const onKey = (event: KeyboardEvent) => {
          if (event.key === 'Escape' && event.isTrusted) onCancel()
        }
        action.addEventListener('click', (event) => {
          // Only the visitor's own gesture, once armed: never a script's click.
          if (!event.isTrusted) return
          const byKey = keys.byKey(event)
          const reason = blocked()
          const acts = byKey ? reason === '' || reason === 'pointer-not-rested' : arming.pointerClickMayAct(event) && blocked() === ''
          if (!acts) return update()
          running = true
          status.textContent = request.working ?? PANEL_TEXT.working
          update()
          request.run().then(
            (value) => {
              close()
              resolve(value)
            },
            (error: unknown) => {
              running = false
              // Cancelled where the step ran (the panel window): the panel goes with it.
              if (error instanceof RpcCodeError && error.code === USER_REJECTED_CODE) {
                close()
                reject(error)
                return
              }
              status.textContent = error instanceof Error ? error.message : PANEL_TEXT.unavailable
              update()
              // A ceremony the visitor dismissed or that failed may be tried again; Cancel gives up.
            },
          )
        })
        cancel.addEventListener('click', (event) => {
          if (event.isTrusted) onCancel()
        })
        document.addEventListener('keydown', onKey)
        current = {
          root,
          cancel: onCancel,
          stop() {
            if (!running || !request.stop) return false
            request.stop()
            return true
          },
        }
        document.body.replaceChildren(root)
        observer?.observe(root)
        arming.restart()
        // The height the panel wants (a first guess while the frame has no width yet), asked again when it changes.
        let shown = 0
        const measure = () => {
          const height = document.documentElement.clientWidth > 0 ? Math.min(Math.max(Math.ceil(naturalHeight(root)), 160), FRAME_APPROVAL_MAX_HEIGHT) : FIRST_HEIGHT
          if (height === shown || current?.root !== root) return
          shown = height
          deps.post({ type: 'FRAME_APPROVAL_SHOW', payload: { height, where: 'frame', panel: true } })
        }
        resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure())
        resizes?.observe(root)
        resizes?.observe(document.documentElement)
        measure()
        if (topLevel || document.hasFocus()) title.focus({ preventScroll: true })
        update()
      })
    },
    /** The page gave up (its modal closed): the open panel answers 4001. */
    abort(): number {
      if (!current) return 0
      if (!current.stop()) current.cancel()
      return 1
    },
  }
}
