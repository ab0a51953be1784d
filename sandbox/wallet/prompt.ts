import { describeRequest } from './describe.ts'
import { ICON_SVG } from './icon.ts'
import { PROMPT_CSS } from './prompt-styles.ts'
import type { ApprovalRequest, Approve } from './types.ts'

export const PROMPT_LABEL = 'Sandbox Wallet request'
export const PROMPT_BADGE = 'Sandbox Wallet · development only'
export const PROMPT_HOST_TAG = 'portico-sandbox-wallet'
/** Above any modal a page may have (Portico's is 999), just below the 32-bit maximum. */
export const PROMPT_Z_INDEX = '2147483000'

type Pending = { request: ApprovalRequest; resolve: (approved: boolean) => void }

export type ApprovalPrompt = {
  /** Queues a request and resolves with the person's answer; one prompt shows at a time. */
  approve: Approve
  /** Removes the prompt, answering every waiting request with a reject. */
  destroy(): void
}

/**
 * The wallet's own approval panel, fixed at the top right of the page in an open shadow root.
 * CSP-safe: styles come from a constructable sheet and CSSOM properties, never a style attribute.
 */
export function createApprovalPrompt(doc: Document = document): ApprovalPrompt {
  const queue: Pending[] = []
  let current: Pending | undefined
  let host: HTMLElement | undefined
  let returnFocus: Element | null = null

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] => {
    const node = doc.createElement(tag)
    if (className) node.className = className
    if (text !== undefined) node.textContent = text
    return node
  }

  function mount(): ShadowRoot {
    if (host?.shadowRoot) return host.shadowRoot
    host = doc.createElement(PROMPT_HOST_TAG)
    for (const [name, value] of [
      ['position', 'fixed'],
      ['top', '12px'],
      ['right', '12px'],
      ['z-index', PROMPT_Z_INDEX],
      ['display', 'block'],
      ['margin', '0'],
      ['padding', '0'],
    ]) {
      host.style.setProperty(name as string, value as string, 'important')
    }
    const shadow = host.attachShadow({ mode: 'open' })
    const SheetCtor = doc.defaultView?.CSSStyleSheet
    if (SheetCtor && 'adoptedStyleSheets' in shadow) {
      const sheet = new SheetCtor()
      sheet.replaceSync(PROMPT_CSS)
      shadow.adoptedStyleSheets = [sheet]
    }
    ;(doc.body ?? doc.documentElement).append(host)
    return shadow
  }

  function unmount(): void {
    const hadFocus = host !== undefined && doc.activeElement === host
    host?.remove()
    host = undefined
    if (hadFocus && returnFocus instanceof (doc.defaultView?.HTMLElement ?? HTMLElement) && returnFocus.isConnected) {
      returnFocus.focus({ preventScroll: true })
    }
    returnFocus = null
  }

  function icon(): Node {
    const svg = new (doc.defaultView?.DOMParser ?? DOMParser)().parseFromString(ICON_SVG, 'image/svg+xml').documentElement
    svg.setAttribute('aria-hidden', 'true')
    return doc.importNode(svg, true)
  }

  function queueText(): string {
    return queue.length === 0 ? '' : `${queue.length} more request${queue.length === 1 ? '' : 's'} waiting`
  }

  function render(pending: Pending): void {
    const shadow = mount()
    const { title, rows } = describeRequest(pending.request)

    const panel = el('div', 'panel')
    panel.setAttribute('role', 'dialog')
    panel.setAttribute('aria-label', PROMPT_LABEL)
    panel.setAttribute('aria-describedby', 'sandbox-wallet-title')

    const badge = el('p', 'badge')
    badge.append(icon(), el('span', 'tag', PROMPT_BADGE))

    const heading = el('h2', 'title', title)
    heading.id = 'sandbox-wallet-title'

    const list = el('dl', 'rows')
    for (const row of rows) {
      const classes = [row.mono ? 'mono' : '', row.block ? 'block' : ''].filter(Boolean).join(' ')
      list.append(el('dt', undefined, row.label), el('dd', classes || undefined, row.value))
    }

    const waiting = el('p', 'queue', queueText())
    waiting.hidden = queue.length === 0
    waiting.setAttribute('aria-live', 'polite')

    const reject = el('button', 'reject', 'Reject')
    const approve = el('button', 'approve', 'Approve')
    reject.type = approve.type = 'button'
    reject.addEventListener('click', () => settle(false))
    approve.addEventListener('click', () => settle(true))
    const actions = el('div', 'actions')
    actions.append(reject, approve)

    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      event.stopPropagation()
      settle(false)
    })

    panel.append(badge, heading, list, waiting, actions)
    shadow.replaceChildren(panel)
    approve.focus({ preventScroll: true })
  }

  function updateWaiting(): void {
    const waiting = host?.shadowRoot?.querySelector<HTMLElement>('.queue')
    if (!waiting) return
    waiting.textContent = queueText()
    waiting.hidden = queue.length === 0
  }

  function settle(approved: boolean): void {
    const settled = current
    current = undefined
    settled?.resolve(approved)
    showNext()
  }

  function showNext(): void {
    current = queue.shift()
    if (current) render(current)
    else unmount()
  }

  return {
    approve: (request) =>
      new Promise<boolean>((resolve) => {
        queue.push({ request, resolve })
        if (current) return updateWaiting()
        returnFocus = doc.activeElement
        showNext()
      }),
    destroy() {
      for (const pending of queue.splice(0)) pending.resolve(false)
      current?.resolve(false)
      current = undefined
      unmount()
    },
  }
}
