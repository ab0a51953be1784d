// A minimal EIP-6963 wallet, injected like an extension's content script. It answers the account
// and chain at once, so connecting costs the modal's own work only. Its chain is kept in
// localStorage, so every tab's wallet answers the same one; only the tab that switches emits
// `chainChanged` (no storage events), so other tabs learn of a switch through Portico's core alone.
// Where the bench gives it its chains' RPC (`window.__benchWalletRpc`, chain id hex -> URL of an
// anvil node, whose dev accounts are unlocked), it sends transactions too, and keeps the wall-clock
// time its last `eth_sendTransaction` answered in `window.__benchWalletSentAt`.
;(() => {
  const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const CHAIN_KEY = 'bench-wallet:chainId'
  const listeners = new Map()
  const chainId = () => localStorage.getItem(CHAIN_KEY) ?? '0x7a69'
  const emit = (event, value) => {
    for (const listener of listeners.get(event) ?? []) listener(value)
  }
  const provider = {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
      if (method === 'eth_chainId') return chainId()
      if (method === 'wallet_switchEthereumChain') {
        const next = params?.[0]?.chainId
        if (typeof next !== 'string') throw { code: -32602, message: 'chainId missing' }
        localStorage.setItem(CHAIN_KEY, next)
        emit('chainChanged', next)
        return null
      }
      const rpc = window.__benchWalletRpc?.[chainId()]
      if (method === 'eth_sendTransaction' && rpc) {
        const res = await fetch(rpc, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
        const body = await res.json()
        if (body.error) throw { code: -32603, message: body.error.message }
        window.__benchWalletSentAt = performance.timeOrigin + performance.now()
        return body.result
      }
      throw { code: 4200, message: 'unsupported' }
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event).add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: '6a8c7c1e-6c1b-4a5e-9d7e-6f3b1c2d4e5f',
      name: 'Bench Wallet',
      icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
      rdns: 'dev.portico.bench',
    }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()
