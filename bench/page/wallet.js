// A minimal EIP-6963 wallet, injected like an extension's content script. It answers the account
// and chain at once, so connecting costs the modal's own work only.
;(() => {
  const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const provider = {
    async request({ method }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
      if (method === 'eth_chainId') return '0x7a69'
      throw { code: 4200, message: 'unsupported' }
    },
    on() {},
    removeListener() {},
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
