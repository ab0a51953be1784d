import {
  EMBEDDED_EVENTS,
  EMBEDDED_READY_WAIT_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  EMBEDDED_SDK_VERSION_DEFAULT,
  EMBEDDED_TIMED_EVENTS,
  frameMessageSchema,
  parseFrameAnswer,
  type EmbeddedEvent,
  type EmbeddedRequest,
  type EmbeddedResponse,
  type FrameApprovalWhere,
  type FrameMessage,
} from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import { createEmitter } from '@portico/shared-types/emitter'
import { EmbeddedWalletError } from './errors.ts'

/** How long the frame may take to say it is ready (or refuse the page) before the modal gives up: 'Invalid App Configuration'. */
export const FRAME_LOAD_TIMEOUT_MS = 15_000
/**
 * After the iframe's load event, how long the modal waits for the frame's first word. A frame that loaded
 * nothing (its service down, blocked) never speaks: 'Unable to load email login dependency'.
 */
export const FRAME_SILENT_AFTER_LOAD_MS = 3_000

/** Its own file, so the connector can throw it without loading the frame's code. */
export { EmbeddedWalletError }

/** The frame's approval: `{ height }` while an unsafe request waits in it (the page lays the frame over its modal), null once none does. */
/** The frame's approval while a request waits: its height, and where the visitor approves (in the frame, or in the frame's own window). */
export type FrameApprovalState = { height: number; where: FrameApprovalWhere; panel: boolean } | null

export type FrameOptions = {
  /** The frame service's URL (`embeddedWalletUrl`); the frame page is `${url}/frame`. */
  url: string
  projectId: string
  chainId: string | number
  version?: number | undefined
  enableLogger?: boolean | undefined
  /** Where the hidden iframe goes; `document.body` when absent. */
  parent?: HTMLElement | undefined
}

export type RequestOptions = { signal?: AbortSignal | undefined }

export type FrameClient = {
  /** The frame's origin: the only origin its messages are taken from, and the only one posted to. */
  readonly origin: string
  /** Loads the frame (once) and resolves when it can take requests. */
  ready(): Promise<void>
  /** Sends one request to the frame and resolves with its parsed answer. */
  request<E extends EmbeddedEvent>(event: E, payload: EmbeddedRequest<E>, options?: RequestOptions): Promise<EmbeddedResponse<E>>
  /** Whether the iframe has been created (the page asked for the embedded wallet). */
  readonly loaded: boolean
  /** The iframe, once created: the page shows it over the modal while the frame's approval waits. */
  readonly element: HTMLIFrameElement | null
  /** Called with FRAME_APPROVAL_SHOW's height and `where`, and null on FRAME_APPROVAL_HIDE (or when the frame goes away). */
  onApproval(listener: (state: FrameApprovalState) => void): () => void
  destroy(): void
}

type Pending = { event: EmbeddedEvent; resolve: (value: unknown) => void; reject: (error: Error) => void; done: () => void }

/** The frame page's URL: the project, the chain, the protocol's version and whether the frame logs. */
function frameUrl(base: string, options: FrameOptions): string {
  const url = new URL(`${base}/frame`)
  url.searchParams.set('projectId', options.projectId)
  url.searchParams.set('chainId', String(options.chainId))
  url.searchParams.set('version', String(options.version ?? EMBEDDED_SDK_VERSION_DEFAULT))
  // The frame logs at SPEC.md §9's level (EMBEDDED_LOG_LEVEL_DEFAULT, 'error') unless the logger is on.
  url.searchParams.set('enableLogger', String(options.enableLogger ?? false))
  return url.toString()
}

/** The frame's iframe, hidden and out of the tab order until the page lays it over the modal. */
function hiddenIframe(): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.title = 'Portico embedded wallet'
  frame.setAttribute('aria-hidden', 'true')
  frame.tabIndex = -1
  frame.className = 'portico-embedded-frame'
  // Passkeys of the frame's origin (its relying party) are made and used in the frame itself, after the visitor's click there; an exported key is copied there.
  frame.allow = 'publickey-credentials-get; publickey-credentials-create; clipboard-write'
  frame.hidden = true
  return frame
}

/** Every request waiting for the frame fails with `error`. */
function failPending(pending: Map<string, Pending>, error: EmbeddedWalletError): void {
  for (const [id, p] of pending) {
    pending.delete(id)
    p.done()
    p.reject(error)
  }
}

/**
 * Sends one request (`post` with its new id) and waits for its answer among `pending`: 'Request was
 * aborted' when `signal` aborts, 'Something went wrong' when a timed event has no answer in time.
 */
function awaitAnswer<T>(pending: Map<string, Pending>, event: EmbeddedEvent, signal: AbortSignal | undefined, post: (id: string) => void): Promise<T> {
  const id = crypto.randomUUID()
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onAbort = () => {
      if (!pending.delete(id)) return
      done()
      reject(new EmbeddedWalletError(MESSAGES.embeddedRequestAborted))
    }
    const done = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
    pending.set(id, { event, resolve: resolve as (value: unknown) => void, reject, done })
    signal?.addEventListener('abort', onAbort)
    if (EMBEDDED_TIMED_EVENTS.includes(event)) {
      timer = setTimeout(() => {
        if (!pending.delete(id)) return
        done()
        reject(new EmbeddedWalletError(MESSAGES.somethingWentWrong, { details: `APP_${event} had no answer in ${EMBEDDED_REQUEST_TIMEOUT_MS} ms` }))
      }, EMBEDDED_REQUEST_TIMEOUT_MS)
    }
    post(id)
  })
}

/**
 * The page's side of the embedded wallet's secure frame (SPEC.md §7): a hidden iframe on the frame
 * service's own origin, created on first use, and the APP_/FRAME_ request protocol of
 * `shared-types/src/embedded.ts`. Posts name the frame's exact origin; a received message is dropped
 * unless it comes from that origin and from this iframe's window, then parsed with the protocol's schema.
 *
 * @example
 * const frame = createFrameClient({ url: 'http://127.0.0.1:8790', projectId, chainId: 31337 })
 * const { action } = await frame.request('CONNECT_EMAIL', { email: 'visitor@example.org' })
 */
export function createFrameClient(options: FrameOptions): FrameClient {
  const base = options.url.replace(/\/+$/, '')
  const origin = new URL(base).origin
  const pending = new Map<string, Pending>()
  const approvalListeners = createEmitter<FrameApprovalState>()
  const approvalState = (state: FrameApprovalState) => {
    approvalListeners.emit(state)
  }
  let iframe: HTMLIFrameElement | null = null
  let readiness: Promise<void> | null = null
  let destroyed = false

  const failAll = (error: EmbeddedWalletError) => failPending(pending, error)

  let onReady: (() => void) | null = null
  let onFail: ((error: EmbeddedWalletError) => void) | null = null

  const onMessage = (event: MessageEvent) => {
    // Only this iframe on the frame's origin speaks for the embedded wallet; anything else is ignored.
    if (!iframe || event.origin !== origin || event.source !== iframe.contentWindow) return
    const parsed = frameMessageSchema.safeParse(event.data)
    if (!parsed.success) return
    const message: FrameMessage = parsed.data
    if (message.type === 'FRAME_READY') return onReady?.()
    if (message.type === 'FRAME_INIT_ERROR') return onFail?.(new EmbeddedWalletError(MESSAGES.invalidAppConfiguration, { details: (message.payload as { message: string }).message }))
    if (message.type === 'FRAME_APPROVAL_SHOW') {
      const { height, where, panel } = message.payload as { height: number; where?: FrameApprovalWhere; panel?: boolean }
      return approvalState({ height, where: where ?? 'frame', panel: panel === true })
    }
    if (message.type === 'FRAME_APPROVAL_HIDE') return approvalState(null)
    if (!('id' in message)) return
    const entry = pending.get(message.id)
    if (!entry) return
    const answer = parseFrameAnswer(entry.event, message)
    if (!answer) return
    pending.delete(message.id)
    entry.done()
    if (answer.ok) entry.resolve(answer.payload)
    else entry.reject(new EmbeddedWalletError(answer.message || MESSAGES.embeddedDefaultError, { code: answer.code }))
  }

  function load(): Promise<void> {
    readiness ??= new Promise<void>((resolve, reject) => {
      if (destroyed || typeof document === 'undefined') return reject(new EmbeddedWalletError(MESSAGES.embeddedDependencyFailed))
      const timers: ReturnType<typeof setTimeout>[] = []
      let settled = false
      const finish = (error: EmbeddedWalletError | null) => {
        if (settled) return
        settled = true
        for (const t of timers) clearTimeout(t)
        if (!error) return resolve()
        // A frame that failed is removed; the next request makes a new one (the service may be back).
        failAll(error)
        reset()
        reject(error)
      }
      onReady = () => {
        onReady = null
        // SPEC.md §9: the frame takes requests 500 ms after it said it is ready.
        timers.push(setTimeout(() => finish(null), EMBEDDED_READY_WAIT_MS))
      }
      onFail = (error) => finish(error)
      window.addEventListener('message', onMessage)
      const frame = hiddenIframe()
      frame.addEventListener('load', () => {
        // A frame page that loaded says FRAME_READY or FRAME_INIT_ERROR; an error page says nothing.
        if (onReady) timers.push(setTimeout(() => onReady && finish(new EmbeddedWalletError(MESSAGES.embeddedDependencyFailed)), FRAME_SILENT_AFTER_LOAD_MS))
      })
      frame.addEventListener('error', () => finish(new EmbeddedWalletError(MESSAGES.embeddedDependencyFailed)))
      timers.push(setTimeout(() => finish(new EmbeddedWalletError(MESSAGES.invalidAppConfiguration, { details: 'The frame did not answer in time' })), FRAME_LOAD_TIMEOUT_MS))
      frame.src = frameUrl(base, options)
      iframe = frame
      ;(options.parent ?? document.body).appendChild(frame)
    })
    return readiness
  }

  function reset() {
    window.removeEventListener('message', onMessage)
    if (iframe) approvalState(null)
    iframe?.remove()
    iframe = null
    readiness = null
    onReady = null
    onFail = null
  }

  return {
    origin,
    get loaded() {
      return iframe !== null
    },
    get element() {
      return iframe
    },
    onApproval(listener) {
      return approvalListeners.on(listener)
    },
    ready: () => load(),
    async request(event, payload, { signal } = {}) {
      if (signal?.aborted) throw new EmbeddedWalletError(MESSAGES.embeddedRequestAborted)
      const parsed = EMBEDDED_EVENTS[event].request.safeParse(payload)
      if (!parsed.success) throw new EmbeddedWalletError(MESSAGES.embeddedDefaultError, { details: `APP_${event}: ${parsed.error.message}` })
      const body: unknown = parsed.data
      await load()
      if (signal?.aborted) throw new EmbeddedWalletError(MESSAGES.embeddedRequestAborted)
      const target = iframe?.contentWindow
      if (!target) throw new EmbeddedWalletError(MESSAGES.embeddedDependencyFailed)
      return awaitAnswer<EmbeddedResponse<typeof event>>(pending, event, signal, (id) => target.postMessage({ type: `APP_${event}`, id, payload: body }, origin))
    },
    destroy() {
      destroyed = true
      failAll(new EmbeddedWalletError(MESSAGES.embeddedRequestAborted))
      reset()
    },
  }
}
