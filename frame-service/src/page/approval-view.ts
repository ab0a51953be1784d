import type { Description, SimulationView, TreeNode } from './describe.ts'

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
  const box = readCheck('approval-danger-read')
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

/** A check box the visitor ticks to say they read a block: Approve waits for every one of them. */
function readCheck(id: string): HTMLInputElement {
  const box = el('input', { id, testId: id })
  box.type = 'checkbox'
  box.dataset['readCheck'] = ''
  return box
}

/** Whether the approval in `root` waits for a block to be marked read (false when it shows none). */
export function dangersUnread(root: ParentNode | null): boolean {
  return [...(root?.querySelectorAll<HTMLInputElement>('input[data-read-check]') ?? [])].some((box) => !box.checked)
}

/**
 * What the request would do to the visitor's balances (`data-testid="approval-changes"`): "Simulating…"
 * while it runs, each change and allowance on its own line, a revert with its reason (to be marked
 * read before Approve), or why it could not simulate.
 */
export function simulationSection(view: SimulationView): HTMLElement {
  const heading = el('h2', { id: 'approval-changes-title', text: view.state === 'reverts' ? 'This transaction will fail' : 'Balance changes' })
  let section: HTMLElement
  if (view.state === 'pending') {
    const status = el('p', { className: 'pending', testId: 'approval-simulating', text: 'Simulating on the network…' })
    status.setAttribute('role', 'status')
    section = el('section', { className: 'changes', testId: 'approval-changes' }, heading, status)
  } else if (view.state === 'reverts') {
    section = el(
      'section',
      { className: 'dangers', testId: 'approval-changes' },
      heading,
      el('p', { testId: 'approval-revert', text: `The network says it reverts: ${view.reason}` }),
      el('label', {}, readCheck('approval-revert-read'), el('span', { text: 'I have read that it will fail' })),
    )
  } else if (view.state === 'unavailable') {
    section = el(
      'section',
      { className: 'changes', testId: 'approval-changes' },
      heading,
      el('p', { testId: 'approval-simulation-unavailable', text: `Could not simulate (${view.reason}). What follows is what the wallet could read.` }),
    )
  } else {
    const list =
      view.lines.length === 0
        ? el('p', { testId: 'approval-no-change', text: 'No change to your balances' })
        : el('ul', {}, ...view.lines.map((line) => el('li', { className: line.kind, testId: 'approval-change', text: line.text })))
    section = el('section', { className: 'changes', testId: 'approval-changes' }, heading, list)
  }
  section.setAttribute('aria-labelledby', heading.id)
  return section
}

/** A request's description, part by part: summary, warnings, message, rows, typed data, raw data. */
export function describedContent(d: Description): Node[] {
  const content: Node[] = []
  if (d.summary !== undefined) content.push(el('p', { className: 'summary', testId: 'approval-summary', text: d.summary }))
  if (d.simulation) content.push(simulationSection(d.simulation))
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

/**
 * The height an approval or a settings panel wants: every part at its own height, its body
 * (`.approval-body`) unscrolled, so content taller than the frame's first guess asks for its room
 * (the page makes room up to the cap, and the body scrolls beyond it).
 */
export function naturalHeight(root: HTMLElement): number {
  const style = getComputedStyle(root)
  const parts = [...root.children] as HTMLElement[]
  let natural =
    Number.parseFloat(style.paddingTop) +
    Number.parseFloat(style.paddingBottom) +
    (Number.parseFloat(style.rowGap) || 0) * Math.max(parts.filter((p) => p.offsetHeight > 0 || p.classList.contains('approval-body')).length - 1, 0)
  for (const part of parts) natural += part.classList.contains('approval-body') ? part.scrollHeight : part.offsetHeight
  return natural
}
