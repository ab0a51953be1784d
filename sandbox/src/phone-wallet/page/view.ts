import type { PhoneWallet, PhoneWalletState, Prompt, SessionView } from '../wallet.ts'

type Children = Array<Node | string | false | undefined>

/** A DOM element with attributes and children; no innerHTML, so nothing a dapp sends becomes markup. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean | undefined> = {}, ...children: Children): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue
    el.setAttribute(name, value === true ? '' : value)
  }
  for (const child of children) if (child !== false && child !== undefined) el.append(child)
  return el
}

const short = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`

function promptView(prompt: Prompt, wallet: PhoneWallet, busy: (on: boolean) => void): HTMLElement {
  const titleId = `prompt-title-${prompt.key.replace(/[^a-z0-9]/gi, '-')}`
  const answer = (approve: boolean) => async () => {
    busy(true)
    try {
      await (approve ? wallet.approve(prompt.key) : wallet.reject(prompt.key))
    } finally {
      busy(false)
    }
  }
  const details: Children =
    prompt.kind === 'proposal'
      ? [
          h(
            'p',
            { class: 'dapp' },
            prompt.dapp.icon ? h('img', { src: prompt.dapp.icon, alt: '', width: '32', height: '32' }) : undefined,
            h('strong', {}, prompt.dapp.name || 'Unnamed dapp'),
            ' ',
            h('span', { class: 'muted' }, prompt.dapp.url),
          ),
          prompt.dapp.description ? h('p', {}, prompt.dapp.description) : undefined,
          h('h3', {}, 'Networks requested'),
          h('ul', { 'aria-label': 'Networks requested' }, ...prompt.chains.map((c) => h('li', {}, `${c.name ?? 'Not in this wallet'} (${c.caip})${c.required ? ', required' : ''}`))),
          prompt.methods.length > 0 ? h('p', { class: 'muted' }, `Methods: ${prompt.methods.join(', ')}`) : undefined,
          prompt.blocker !== undefined ? h('p', { class: 'warning' }, prompt.blocker) : undefined,
        ]
      : prompt.kind === 'authenticate'
        ? [
            h('p', { class: 'dapp' }, h('strong', {}, prompt.dapp.name || 'Unnamed dapp'), ' ', h('span', { class: 'muted' }, prompt.dapp.url)),
            h('h3', {}, 'Message to sign'),
            h('dl', {}, h('dt', {}, 'Message'), h('dd', { class: 'block', 'data-testid': 'authenticate-message' }, prompt.message)),
            h('p', { class: 'muted' }, `Networks: ${prompt.chains.join(', ')}`),
          ]
        : [
            h('p', { class: 'dapp' }, h('strong', {}, prompt.dapp), ' ', h('span', { class: 'muted' }, prompt.method)),
            h('dl', {}, ...prompt.rows.flatMap((row) => [h('dt', {}, row.label), h('dd', { class: [row.mono ? 'mono' : '', row.block ? 'block' : ''].join(' ').trim() || undefined }, row.value)])),
          ]
  const approve = h('button', { type: 'button', class: 'primary', disabled: prompt.kind === 'proposal' && prompt.blocker !== undefined }, 'Approve')
  const reject = h('button', { type: 'button' }, 'Reject')
  approve.addEventListener('click', answer(true))
  reject.addEventListener('click', answer(false))
  return h('section', { role: 'dialog', 'aria-labelledby': titleId, class: 'prompt' }, h('h2', { id: titleId }, prompt.title), ...details, h('div', { class: 'actions' }, reject, approve))
}

function sessionItem(session: SessionView, wallet: PhoneWallet): HTMLElement {
  const disconnect = h('button', { type: 'button', 'aria-label': `Disconnect ${session.name}` }, 'Disconnect')
  disconnect.addEventListener('click', () => void wallet.disconnect(session.topic))
  return h(
    'li',
    {},
    h('h3', {}, session.name || 'Unnamed dapp'),
    h('p', { class: 'muted' }, session.url),
    h('p', {}, `Networks: ${session.chains.join(', ')}`),
    // One line per account (an EVM account and a Solana one when the session has both namespaces).
    ...[...new Set(session.accounts.map((a) => a.split(':')[2]))].map((address) => h('p', { class: 'mono' }, `Account: ${address ?? 'none'}`)),
    ...(session.accounts.length === 0 ? [h('p', { class: 'mono' }, 'Account: none')] : []),
    disconnect,
  )
}

/**
 * Renders the wallet into `root` and keeps it current. Parts are rebuilt only when what they show
 * changes, so focus and a half-typed link survive updates.
 */
export function mountView(root: HTMLElement, wallet: PhoneWallet): void {
  const relayStatus = h('p', { role: 'status', 'aria-label': 'Relay', class: 'relay' })
  const accountSelect = h('select', { id: 'account' })
  const networkSelect = h('select', { id: 'network' })
  const address = h('p', { class: 'mono address' })
  const solanaAddress = h('p', { class: 'mono address', 'aria-label': 'Solana account' })
  accountSelect.addEventListener('change', () => void wallet.switchAccount(Number(accountSelect.value)))
  networkSelect.addEventListener('change', () => void wallet.switchChain(Number(networkSelect.value)))

  const uriInput = h('input', { id: 'uri', name: 'uri', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'wc:…' })
  const connect = h('button', { type: 'submit', class: 'primary' }, 'Connect')
  const form = h('form', { 'aria-labelledby': 'pair-title' }, h('label', { for: 'uri' }, 'WalletConnect link'), h('div', { class: 'row' }, uriInput, connect))
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    connect.disabled = true
    void wallet.pair(uriInput.value).then((ok) => {
      connect.disabled = false
      if (ok) uriInput.value = ''
    })
  })

  const promptSlot = h('div', { class: 'prompt-slot' })
  const info = h('p', { role: 'status', 'aria-label': 'Wallet messages', class: 'notice' })
  const alert = h('p', { role: 'alert', class: 'notice error' })
  const sessionsList = h('ul', { class: 'sessions', 'aria-labelledby': 'sessions-title' })
  const noSessions = h('p', { class: 'muted' }, 'No dapp is connected.')
  const log = h('ol', { class: 'log', 'aria-labelledby': 'log-title' })

  root.replaceChildren(
    h('header', {}, h('h1', {}, 'Sandbox Phone Wallet'), h('p', { class: 'muted' }, 'Development only: the public test mnemonic, the sandbox chains.'), relayStatus),
    h(
      'section',
      { 'aria-labelledby': 'account-title' },
      h('h2', { id: 'account-title' }, 'Active account'),
      h('label', { for: 'account' }, 'Account'),
      accountSelect,
      h('label', { for: 'network' }, 'Network'),
      networkSelect,
      address,
      solanaAddress,
    ),
    h('section', { 'aria-labelledby': 'pair-title' }, h('h2', { id: 'pair-title' }, 'Connect to a dapp'), form),
    info,
    alert,
    promptSlot,
    h('section', { 'aria-labelledby': 'sessions-title' }, h('h2', { id: 'sessions-title' }, 'Connected dapps'), noSessions, sessionsList),
    h('section', { 'aria-labelledby': 'log-title' }, h('h2', { id: 'log-title' }, 'Activity'), log),
  )

  let shownPrompt: string | undefined
  let shownSessions = ''
  let shownOptions = ''
  let shownNotice = 0
  let busy = false
  const setBusy = (on: boolean): void => {
    busy = on
    for (const b of promptSlot.querySelectorAll('button')) b.toggleAttribute('disabled', on || b.dataset.blocked === 'true')
  }

  const render = (state: PhoneWalletState): void => {
    // WalletKit opens its socket when it has something to listen to, and closes an idle one.
    relayStatus.textContent = state.relay === 'connected' ? 'Relay: connected' : 'Relay: not connected (it connects when a dapp needs it)'
    const options = JSON.stringify([state.accounts, state.chains.map((c) => c.id)])
    if (options !== shownOptions) {
      shownOptions = options
      accountSelect.replaceChildren(...state.accounts.map((a) => h('option', { value: String(a.index) }, `Account ${a.index} · ${short(a.address)}`)))
      networkSelect.replaceChildren(...state.chains.map((c) => h('option', { value: String(c.id) }, `${c.name} (${c.id})`)))
    }
    accountSelect.value = String(state.account.index)
    networkSelect.value = String(state.chain.id)
    address.textContent = state.account.address
    solanaAddress.textContent = state.account.solanaAddress ? `Solana: ${state.account.solanaAddress}` : ''
    solanaAddress.hidden = !state.account.solanaAddress

    const first = state.prompts[0]
    if (first?.key !== shownPrompt) {
      shownPrompt = first?.key
      promptSlot.replaceChildren(...(first ? [promptView(first, wallet, setBusy)] : []))
      for (const b of promptSlot.querySelectorAll('button')) if (b.disabled) b.dataset.blocked = 'true'
      if (busy) setBusy(true)
      promptSlot.querySelector<HTMLButtonElement>('button.primary:not([disabled])')?.focus()
    }
    const waiting = state.prompts.length - 1
    promptSlot.dataset.waiting = String(Math.max(0, waiting))

    const sessionsKey = JSON.stringify(state.sessions)
    if (sessionsKey !== shownSessions) {
      shownSessions = sessionsKey
      sessionsList.replaceChildren(...state.sessions.map((s) => sessionItem(s, wallet)))
      noSessions.hidden = state.sessions.length > 0
    }

    const notice = state.notice
    if (notice && notice.id !== shownNotice) {
      shownNotice = notice.id
      if (notice.kind === 'error') {
        alert.textContent = notice.text
      } else {
        info.textContent = notice.text
        alert.textContent = ''
      }
      log.replaceChildren(...[...state.notices].reverse().map((n) => h('li', { class: n.kind }, n.text)))
    }
  }
  render(wallet.state())
  wallet.subscribe(render)
}

/** Replaces the page with a message when the wallet cannot start. */
export function showFatal(root: HTMLElement, message: string): void {
  root.replaceChildren(h('h1', {}, 'Sandbox Phone Wallet'), h('p', { role: 'alert', class: 'notice error' }, message))
}
