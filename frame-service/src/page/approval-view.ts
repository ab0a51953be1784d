import type { Description, TreeNode } from './describe.ts'

/**
 * The approval's DOM, shared by the frame's approval and the approval window: elements made with
 * text only (never HTML), and a request's description laid out as the visitor reads it.
 */

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: { className?: string; id?: string; testId?: string; text?: string } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
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

/** The line the visitor ticks once they have read what the request hands over; Approve stays off until then. */
export const DANGER_READ = 'I have read what this gives away'

/**
 * What the request hands over (an account's owner, a token allowance, a durable nonce…), each in words,
 * and the check box that says the visitor read them: `readDangers` tells whether it is ticked.
 */
function dangerBlock(dangers: readonly string[]): HTMLElement {
  const box = el('input', { id: 'approval-danger-read', testId: 'approval-danger-read' })
  box.type = 'checkbox'
  const heading = el('h2', { id: 'approval-dangers-title', text: dangers.length === 1 ? 'This request hands over control' : `This request hands over control ${dangers.length} times` })
  const block = el(
    'section',
    { className: 'dangers', testId: 'approval-dangers' },
    heading,
    el('ul', {}, ...dangers.map((text) => el('li', { testId: 'approval-danger', text }))),
    el('label', {}, box, el('span', { text: DANGER_READ })),
  )
  block.setAttribute('aria-labelledby', heading.id)
  return block
}

/** Whether the approval in `root` waits for its dangers to be marked read (false when it shows none). */
export function dangersUnread(root: ParentNode | null): boolean {
  const box = root?.querySelector<HTMLInputElement>('#approval-danger-read')
  return box ? !box.checked : false
}

/** A request's description, part by part: summary, warnings, message, rows, typed data, raw data. */
export function describedContent(d: Description): Node[] {
  const content: Node[] = []
  if (d.summary !== undefined) content.push(el('p', { className: 'summary', testId: 'approval-summary', text: d.summary }))
  if (d.dangers && d.dangers.length > 0) content.push(dangerBlock(d.dangers))
  for (const warning of d.warnings) content.push(el('p', { className: 'warning', testId: 'approval-warning', text: warning }))
  if (d.message) content.push(el('pre', { className: d.message.kind === 'hex' ? 'message hex' : 'message', testId: 'approval-message', text: d.message.text }))
  const rows = el('dl', { className: 'rows' })
  for (const row of d.rows) rows.append(el('div', { className: 'row' }, el('dt', { text: row.label }), el('dd', { testId: `approval-${row.testId}`, text: row.value })))
  content.push(rows)
  if (d.tree) content.push(tree(d.tree))
  if (d.raw !== undefined) content.push(el('div', {}, el('p', { className: 'label', text: 'Data' }), el('pre', { className: 'message hex', testId: 'approval-raw', text: d.raw })))
  return content
}

/** The hint shown while Approve waits for the pointer to rest on the approval. */
export const POINTER_HINT = 'Hold the pointer on the approval to continue'

/**
 * The hint's line: always laid out (its room kept, so showing it never resizes the approval, which
 * would count as a resize and restart the wait), seen only while `shown`.
 */
export function hintLine(testId: string): { element: HTMLElement; show(shown: boolean): void } {
  const element = el('p', { className: 'status', testId, text: POINTER_HINT })
  element.id = `${testId}-text`
  return {
    element,
    show(shown) {
      // CSSOM, not a style attribute: allowed under the pages' `style-src 'self'`.
      element.style.visibility = shown ? 'visible' : 'hidden'
      element.setAttribute('aria-hidden', String(!shown))
    },
  }
}
