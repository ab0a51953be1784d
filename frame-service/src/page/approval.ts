import { FRAME_APPROVAL_MAX_HEIGHT, USER_REJECTED_CODE } from '@portico/shared-types/embedded'
import { MESSAGES } from '@portico/shared-types/errors'
import { ApprovalRefused, describe, freezeRequest, type DescribeContext, type Description, type FrozenRequest, type TreeNode } from './describe.ts'
import { describeSolana, freezeSolanaRequest, isSolanaMethod, type SolanaDescribeContext, type SolanaFrozenRequest } from './describe-solana.ts'

/** A request the approval shows and signs: an EVM one (on a chain id) or a Solana one (on a CAIP-2 network). */
export type ApprovalRequest = FrozenRequest | SolanaFrozenRequest

/**
 * The frame's own approval of unsafe requests (SPEC.md §6), on the frame's origin: each request is
 * parsed and frozen, described in the frame's document (text, never HTML), and signed, exactly as
 * frozen, only after a trusted click (or Enter / Space) on the frame's own Approve button, once the
 * approval has been on screen for APPROVAL_ARM_MS and, where the browser can tell
 * (IntersectionObserver v2, Chromium), unobstructed and opaque all that time. The page is only asked
 * to show the frame (FRAME_APPROVAL_SHOW) and to hide it (FRAME_APPROVAL_HIDE); no message approves.
 */

/** The height asked for before the frame has a width to lay the approval out in. */
const FIRST_HEIGHT = 320
/** The narrowest frame the approval is shown readable in. */
const MIN_WIDTH = 240

/** How long the approval must have been visible before Approve takes a click (against click timing). */
export const APPROVAL_ARM_MS = 500

/** An answer of the frame with an EIP-1193 code (4001: rejected by the visitor, or aborted by the page). */
export class RpcCodeError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message)
  }
}

export const REJECTED_MESSAGE = 'The visitor rejected the request'

type Item = { request: ApprovalRequest; description: Description; resolve(result: unknown): void; reject(error: Error): void }

export type ApprovalDeps = {
  /** Posts an unasked message to the embedding page. */
  post(message: { type: 'FRAME_APPROVAL_SHOW'; payload: { height: number } } | { type: 'FRAME_APPROVAL_HIDE' }): void
  /** What the description needs, read by the frame from its own service. */
  context(request: FrozenRequest): Promise<DescribeContext>
  /** What a Solana request's description needs (the user's Solana address, the network's name). */
  solanaContext(request: SolanaFrozenRequest): Promise<SolanaDescribeContext>
  /** Signs (or sends) the frozen request with the frame's service: its `result`. */
  sign(request: ApprovalRequest): Promise<unknown>
  /** The page's origin, shown as who asks. */
  requester: string
}

/** Whether this browser reports IntersectionObserver v2 visibility (occlusion, opacity, transforms). */
const VISIBILITY_V2 = typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; id?: string; testId?: string; text?: string } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (props.className) node.className = props.className
  if (props.id) node.id = props.id
  if (props.testId) node.dataset['testid'] = props.testId
  if (props.text !== undefined) node.textContent = props.text
  node.append(...children)
  return node
}

function tree(node: TreeNode, depth = 0): HTMLElement {
  if (!node.children) {
    const leaf = el('li', {}, el('span', { className: 'tree-key', text: `${node.label}: ` }), el('span', { className: 'tree-value', text: node.value ?? '' }))
    return depth === 0 ? el('ul', { className: 'tree' }, leaf) : leaf
  }
  const list = el('ul', { className: depth === 0 ? 'tree' : 'tree-children' }, ...node.children.map((c) => tree(c, depth + 1)))
  if (depth === 0) return el('div', { testId: 'approval-tree' }, el('p', { className: 'tree-type', text: node.label }), list)
  return el('li', {}, el('span', { className: 'tree-key', text: node.label }), list)
}

export function createApprovals(deps: ApprovalDeps) {
  const queue: Item[] = []
  let busy = false
  /** When the first request's content was put on screen (a new request re-arms). */
  let renderedAt = 0
  /** Since when the approval has been visible without a break; null while it is not. */
  let visibleSince: number | null = null
  let armTimer: ReturnType<typeof setTimeout> | undefined
  let shownHeight = 0
  let root: HTMLElement | null = null
  let approveButton: HTMLButtonElement | null = null
  let rejectButton: HTMLButtonElement | null = null
  let statusLine: HTMLElement | null = null

  const observer =
    typeof IntersectionObserver === 'undefined'
      ? null
      : new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              // All of it on the page's screen (nothing pushed off an edge), and with v2 unobstructed and opaque.
              const visible = (VISIBILITY_V2 ? (entry as IntersectionObserverEntry & { isVisible: boolean }).isVisible : entry.isIntersecting) && entry.intersectionRatio >= 0.99
              visibleSince = visible ? (visibleSince ?? performance.now()) : null
            }
            update()
          },
          VISIBILITY_V2 ? ({ threshold: [0, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit) : { threshold: [0, 0.99, 1] },
        )

  /** The page gave the frame the room it asked for: a smaller frame would hide part of the request. */
  const roomy = () => window.innerWidth >= MIN_WIDTH && window.innerHeight + 1 >= shownHeight

  /** Why Approve takes no click now ('' once it does): shown on the button as `data-blocked`. */
  function blocked(): '' | 'busy' | 'not-visible' | 'too-small' | 'too-soon' {
    if (busy || queue.length === 0) return 'busy'
    if (visibleSince === null) return 'not-visible'
    if (!roomy()) return 'too-small'
    return performance.now() - Math.max(visibleSince, renderedAt) >= APPROVAL_ARM_MS ? '' : 'too-soon'
  }
  const armed = () => blocked() === ''

  /** Enables Approve exactly when it may take a click; re-checks when the wait is over. */
  function update(): void {
    clearTimeout(armTimer)
    if (!approveButton || !rejectButton) return
    const reason = blocked()
    const ready = reason === ''
    approveButton.disabled = !ready
    if (ready) delete approveButton.dataset['blocked']
    else approveButton.dataset['blocked'] = reason
    rejectButton.disabled = busy
    if (reason === 'too-soon' && visibleSince !== null) {
      const wait = APPROVAL_ARM_MS - (performance.now() - Math.max(visibleSince, renderedAt))
      armTimer = setTimeout(update, Math.max(wait, 0) + 10)
    }
  }

  function measure(): void {
    if (!root || queue.length === 0) return
    // The height the approval wants: every part at its own height, the body unscrolled; the page makes
    // room up to the cap. A frame not laid out yet (hidden: no width) asks for a first guess.
    let natural = FIRST_HEIGHT
    if (document.documentElement.clientWidth > 0) {
      const style = getComputedStyle(root)
      const parts = [...root.children] as HTMLElement[]
      natural = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom) + (Number.parseFloat(style.rowGap) || 0) * Math.max(parts.filter((p) => p.offsetHeight > 0 || p.classList.contains('approval-body')).length - 1, 0)
      for (const part of parts) natural += part.classList.contains('approval-body') ? part.scrollHeight : part.offsetHeight
    }
    const height = Math.min(Math.max(Math.ceil(natural), 1), FRAME_APPROVAL_MAX_HEIGHT)
    if (height === shownHeight) return
    shownHeight = height
    deps.post({ type: 'FRAME_APPROVAL_SHOW', payload: { height } })
  }
  const resizes =
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver(() => {
          measure()
          update()
        })
  window.addEventListener('resize', () => update())

  function render(): void {
    const first = queue[0]
    if (!first) {
      root?.remove()
      root = approveButton = rejectButton = statusLine = null
      observer?.disconnect()
      resizes?.disconnect()
      visibleSince = null
      if (shownHeight !== 0) deps.post({ type: 'FRAME_APPROVAL_HIDE' })
      shownHeight = 0
      return
    }
    const d = first.description
    const content: Node[] = []
    if (d.summary !== undefined) content.push(el('p', { className: 'summary', testId: 'approval-summary', text: d.summary }))
    for (const warning of d.warnings) content.push(el('p', { className: 'warning', testId: 'approval-warning', text: warning }))
    if (d.message) content.push(el('pre', { className: d.message.kind === 'hex' ? 'message hex' : 'message', testId: 'approval-message', text: d.message.text }))
    const rows = el('dl', { className: 'rows' })
    for (const row of d.rows) rows.append(el('div', { className: 'row' }, el('dt', { text: row.label }), el('dd', { testId: `approval-${row.testId}`, text: row.value })))
    content.push(rows)
    if (d.tree) content.push(tree(d.tree))
    if (d.raw !== undefined) content.push(el('div', {}, el('p', { className: 'label', text: 'Data' }), el('pre', { className: 'message hex', testId: 'approval-raw', text: d.raw })))

    const title = el('h1', { id: 'approval-title', text: d.title })
    title.tabIndex = -1
    const body = el('section', { className: 'approval-body' }, ...content)
    body.tabIndex = 0
    body.setAttribute('aria-label', 'Request details')
    rejectButton = el('button', { className: 'secondary', id: 'approval-reject', text: 'Reject' })
    rejectButton.type = 'button'
    approveButton = el('button', { className: 'primary', id: 'approval-approve', text: 'Approve' })
    approveButton.type = 'button'
    statusLine = el('p', { className: 'status', testId: 'approval-status' })
    statusLine.setAttribute('role', 'status')
    if (queue.length > 1) statusLine.textContent = `${queue.length - 1} more waiting`
    const next = el(
      'main',
      { className: 'approval' },
      el('header', {}, title, el('p', { className: 'requester', testId: 'approval-requester', text: `Requested by ${deps.requester}` })),
      body,
      statusLine,
      el('footer', { className: 'actions' }, rejectButton, approveButton),
    )
    next.setAttribute('aria-labelledby', 'approval-title')
    rejectButton.addEventListener('click', onReject)
    approveButton.addEventListener('click', onApprove)
    // A held key repeats its keydown (and the click it makes): only a fresh press counts.
    approveButton.addEventListener('keydown', (event) => void (event.repeat && event.preventDefault()))

    const hadFocus = root?.contains(document.activeElement) ?? false
    observer?.disconnect()
    resizes?.disconnect()
    if (root) root.replaceWith(next)
    else document.body.replaceChildren(next)
    root = next
    renderedAt = performance.now()
    visibleSince = null
    observer?.observe(next)
    resizes?.observe(next)
    resizes?.observe(document.documentElement)
    if (hadFocus || document.hasFocus()) title.focus({ preventScroll: true })
    measure()
    update()
  }

  function onApprove(event: MouseEvent): void {
    // Only the visitor's own gesture on this button, once armed: never a script's click.
    if (!event.isTrusted || !armed()) return
    const item = queue[0]
    if (!item) return
    busy = true
    const sends = ['eth_sendTransaction', 'eth_sendUserOperation', 'solana_signAndSendTransaction'].includes(item.request.method)
    if (statusLine) statusLine.textContent = sends ? 'Sending…' : 'Signing…'
    update()
    deps.sign(item.request).then(
      (result) => finish(item, () => item.resolve(result)),
      (error: unknown) => finish(item, () => item.reject(error instanceof Error ? error : new Error(MESSAGES.embeddedDefaultError))),
    )
  }

  function finish(item: Item, settle: () => void): void {
    busy = false
    const index = queue.indexOf(item)
    if (index >= 0) queue.splice(index, 1)
    settle()
    render()
  }

  function onReject(event: MouseEvent): void {
    if (!event.isTrusted) return
    rejectAll(REJECTED_MESSAGE)
  }

  /** Rejects every request waiting (not the one being signed): each answers 4001. Returns how many. */
  function rejectAll(message: string): number {
    const waiting = queue.filter((_, i) => !(busy && i === 0))
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
      let request: ApprovalRequest
      let description: Description
      if (isSolanaMethod(method)) {
        const solana = freezeSolanaRequest(method, params, String(chain))
        request = solana
        description = describeSolana(solana, await deps.solanaContext(solana))
      } else {
        if (typeof chain !== 'number') throw new ApprovalRefused(`Unsupported chain ${chain}`)
        const evm = freezeRequest(method, params, chain)
        request = evm
        description = describe(evm, await deps.context(evm))
      }
      return new Promise<unknown>((resolve, reject) => {
        queue.push({ request, description, resolve, reject })
        if (queue.length === 1) render()
        else if (statusLine && !busy) statusLine.textContent = `${queue.length - 1} more waiting`
      })
    },
    /** The page gave up (its modal closed, a disallowed call): every waiting request answers 4001. */
    abortAll: () => rejectAll(MESSAGES.embeddedRequestAborted),
    get pending() {
      return queue.length
    },
  }
}

export { ApprovalRefused }
