// First: zod must not probe `new Function` under the page's CSP (see zod-jitless.ts).
import './zod-jitless.ts'
import { USER_REJECTED_CODE } from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import { FRAME_API } from '../api.ts'
import { windowNonceSchema } from './approval-window-messages.ts'
import { el } from './approval-view.ts'
import { RpcCodeError } from './approval.ts'
import { createPanels, PANEL_TEXT } from './panel.ts'
import { ApiError } from './errors.ts'
import { createPanelFlows, type FlowHost } from './panel-flows.ts'
import { panelFrameToWindowSchema, type PanelFrameToWindow, type PanelWindowToFrame } from './panel-window-messages.ts'

/**
 * The panel window (GET /panel): a top-level window of the frame service's origin, opened by the
 * visitor's click in the frame where the engine cannot show that the frame is fully visible. No page
 * can frame, cover, fade or style it, so its panel's button is the visitor's decision, and a passkey
 * prompt here is the relying party's own top-level ceremony. It takes its one task from
 * `window.opener` (origin, source and its URL's nonce checked), runs that task's panels with the
 * frame's flows (panel-flows.ts), makes each service call through the frame (it holds no session),
 * answers the frame what the panel answered, and closes.
 */

type CallName = Extract<PanelWindowToFrame, { type: 'PORTICO_PANEL_WINDOW_CALL' }>['name']

const nonce = windowNonceSchema.safeParse(location.hash.slice(1))
const opener = window.opener as Window | null

function say(text: string): void {
  const line = el('p', { testId: 'panel-window-state', text })
  line.setAttribute('role', 'status')
  document.body.replaceChildren(el('main', { className: 'approval' }, line))
}

function run(frame: Window, token: string, request: Extract<PanelFrameToWindow, { type: 'PORTICO_PANEL_WINDOW_TASK' }>): void {
  const send = (message: PanelWindowToFrame) => frame.postMessage(message, location.origin)
  if (request.themeMode) document.documentElement.dataset['theme'] = request.themeMode
  let next = 0
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== location.origin || event.source !== frame) return
    const parsed = panelFrameToWindowSchema.safeParse(event.data)
    if (!parsed.success || parsed.data.nonce !== token || parsed.data.type !== 'PORTICO_PANEL_WINDOW_ANSWER') return
    const answer = parsed.data
    const pending = waiting.get(answer.id)
    if (!pending) return
    waiting.delete(answer.id)
    if (answer.ok) pending.resolve(answer.value)
    else pending.reject(new ApiError(answer.message, answer.status))
  })
  const through = (name: CallName, body: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++
      waiting.set(id, { resolve, reject })
      send({ type: 'PORTICO_PANEL_WINDOW_CALL', nonce: token, id, name, body })
    })
  const host: FlowHost = {
    panels: createPanels({ post: () => undefined, requester: request.requester, busy: () => false, topLevel: true }),
    async call(name, body) {
      // The frame's answer is checked here again with the service's own schema.
      const parsed = FRAME_API[name].response.safeParse(await through(name, body))
      if (!parsed.success) throw new ApiError(MESSAGES.embeddedDefaultError, 0)
      return parsed.data as never
    },
    async passkeyLogin(response) {
      await through('passkeyLogin', { response })
    },
  }
  const finish = (message: PanelWindowToFrame) => {
    send(message)
    window.close()
  }
  createPanelFlows(host)
    .run(request.task)
    .then(
      (value) => finish({ type: 'PORTICO_PANEL_WINDOW_DONE', nonce: token, ok: true, value }),
      (error: unknown) => {
        const message = error instanceof Error && error.message ? error.message.slice(0, 500) : MESSAGES.embeddedDefaultError
        finish({ type: 'PORTICO_PANEL_WINDOW_DONE', nonce: token, ok: false, message, ...(error instanceof RpcCodeError ? { code: error.code } : {}) })
      },
    )
}

if (!nonce.success || !opener) {
  say('This window shows a step of the Portico Wallet. It opens from the wallet, in a dapp.')
} else {
  const token = nonce.data
  const frame = opener
  let started = false
  window.addEventListener('message', (event: MessageEvent) => {
    // Only the frame that opened this window, on this origin, with this window's nonce.
    if (started || event.origin !== location.origin || event.source !== frame) return
    const parsed = panelFrameToWindowSchema.safeParse(event.data)
    if (!parsed.success || parsed.data.nonce !== token || parsed.data.type !== 'PORTICO_PANEL_WINDOW_TASK') return
    started = true
    run(frame, token, parsed.data)
  })
  frame.postMessage({ type: 'PORTICO_PANEL_WINDOW_READY', nonce: token } satisfies PanelWindowToFrame, location.origin)
  // The visitor's Cancel in the window: the frame hears it as a cancelled panel (4001).
  window.addEventListener('pagehide', () => {
    if (started)
      frame.postMessage({ type: 'PORTICO_PANEL_WINDOW_DONE', nonce: token, ok: false, message: PANEL_TEXT.cancelled, code: USER_REJECTED_CODE } satisfies PanelWindowToFrame, location.origin)
  })
}
