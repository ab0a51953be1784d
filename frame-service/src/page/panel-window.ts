import { USER_REJECTED_CODE } from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import { FrameError } from '../messages.ts'
import { newNonce, RpcCodeError } from './approval.ts'
import { ApiError } from './errors.ts'
import type { FlowHost } from './panel-flows.ts'
import { PANEL_TEXT } from './panel.ts'
import { PANEL_CALLS, PANEL_WINDOW_PATH, panelWindowToFrameSchema, type PanelFrameToWindow, type PanelTask } from './panel-window-messages.ts'

/** The frame's words while a panel runs in its window. */
export const PANEL_WINDOW_TEXT = {
  body: 'This browser cannot show that this frame is fully visible, so this step continues in its own Portico Wallet window.',
  action: 'Continue in a wallet window',
  waiting: 'Continue in the Portico Wallet window',
  blocked: 'The wallet window could not be opened: allow pop-ups for this site and try again',
} as const

/** How long after its window is seen closed a panel task waits for the window's last message before it is cancelled. */
export const PANEL_WINDOW_LAST_WORD_MS = 1_000

/**
 * The frame's side of the panel window (panel-window-page.ts): `open` runs in the visitor's click
 * (a window opened later is blocked), opens GET /panel#<nonce> on this origin, sends the task once
 * the window is ready, makes the window's service calls with the frame's session (PANEL_CALLS
 * only), and settles with the window's answer; the window closed first is a cancel (4001).
 */
export function openPanelWindow(task: PanelTask, deps: { host: Pick<FlowHost, 'call' | 'passkeyLogin'>; requester: string }): { done: Promise<unknown>; stop(): void } {
  const nonce = newNonce()
  let win: Window | null = null
  try {
    win = window.open(`${location.origin}${PANEL_WINDOW_PATH}#${nonce}`, '_blank', 'popup,width=460,height=720')
  } catch {
    win = null
  }
  if (!win) return { done: Promise.reject(new FrameError(PANEL_WINDOW_TEXT.blocked)), stop: () => undefined }
  const handle: Window = win
  let settle: { resolve(value: unknown): void; reject(error: Error): void } | undefined
  const done = new Promise<unknown>((resolve, reject) => void (settle = { resolve, reject }))
  let finished = false
  const end = (outcome: { value: unknown } | { error: Error }) => {
    if (finished) return
    finished = true
    clearInterval(poll)
    window.removeEventListener('message', listener)
    try {
      handle.close()
    } catch {
      // Already gone.
    }
    if ('error' in outcome) settle?.reject(outcome.error)
    else settle?.resolve(outcome.value)
  }
  const cancelled = () => end({ error: new RpcCodeError(PANEL_TEXT.cancelled, USER_REJECTED_CODE) })
  // The window posts its answer, then closes itself: the two reach this frame by different ways, and on a busy machine
  // its closing can be seen first. A closed window is a cancel only once its last message has had time to arrive.
  let closedSeen = false
  const poll = setInterval(() => {
    if (!handle.closed || closedSeen) return
    closedSeen = true
    setTimeout(cancelled, PANEL_WINDOW_LAST_WORD_MS)
  }, 250)
  const listener = (event: MessageEvent) => void onMessage(event)
  const answer = (message: PanelFrameToWindow) => handle.postMessage(message, location.origin)

  async function onMessage(event: MessageEvent): Promise<void> {
    // Only the window this frame opened, on this origin, with its nonce.
    if (finished || event.origin !== location.origin || event.source !== handle) return
    const parsed = panelWindowToFrameSchema.safeParse(event.data)
    if (!parsed.success || parsed.data.nonce !== nonce) return
    const message = parsed.data
    if (message.type === 'PORTICO_PANEL_WINDOW_READY') {
      const theme = document.documentElement.dataset['theme']
      return answer({ type: 'PORTICO_PANEL_WINDOW_TASK', nonce, requester: deps.requester, ...(theme === 'dark' || theme === 'light' ? { themeMode: theme } : {}), task })
    }
    if (message.type === 'PORTICO_PANEL_WINDOW_CALL') {
      const { id, name, body } = message
      try {
        let value: unknown
        if (name === 'passkeyLogin') {
          // The new session stays here: the window hears only that it worked.
          const response = (body as { response?: unknown } | null)?.response
          await deps.host.passkeyLogin(response as Parameters<FlowHost['passkeyLogin']>[0])
          value = {}
        } else if ((PANEL_CALLS as readonly string[]).includes(name)) {
          value = await deps.host.call(name, body as never)
        }
        if (!finished) answer({ type: 'PORTICO_PANEL_WINDOW_ANSWER', nonce, id, ok: true, value })
      } catch (err) {
        const text = err instanceof Error && err.message ? err.message.slice(0, 500) : MESSAGES.embeddedDefaultError
        if (!finished) answer({ type: 'PORTICO_PANEL_WINDOW_ANSWER', nonce, id, ok: false, message: text, status: err instanceof ApiError ? err.status : 0 })
      }
      return
    }
    if (message.ok) return end({ value: message.value })
    end({ error: message.code === undefined ? new FrameError(message.message) : new RpcCodeError(message.message, message.code) })
  }
  window.addEventListener('message', listener)
  return { done, stop: cancelled }
}
