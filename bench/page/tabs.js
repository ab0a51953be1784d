// Injected before any page script for the tab-push figure. Times are wall-clock
// (performance.timeOrigin + performance.now()), so tabs of one browser compare.
;(() => {
  const seen = {}
  const wallClock = () => performance.timeOrigin + performance.now()
  // Resolves `seen[key]` with the time the dapp status line first reads `text` (DOM updated).
  const watch = (key, text) => {
    const el = document.querySelector('[data-testid="dapp-status"]')
    if (!el) throw new Error('no dapp status on the page')
    seen[key] = new Promise((resolve) => {
      const check = () => {
        if (el.textContent !== text) return
        resolve(wallClock())
        observer.disconnect()
      }
      const observer = new MutationObserver(check)
      observer.observe(el, { childList: true, characterData: true, subtree: true })
      check()
    })
  }
  // Asks the Bench Wallet to switch chain; resolves with the time of the ask, taken in the same task.
  const switchChain = (chainId) =>
    new Promise((resolve, reject) => {
      const onAnnounce = (event) => {
        if (event.detail.info.rdns !== 'dev.portico.bench') return
        window.removeEventListener('eip6963:announceProvider', onAnnounce)
        const at = wallClock()
        event.detail.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] }).then(() => resolve(at), reject)
      }
      window.addEventListener('eip6963:announceProvider', onAnnounce)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
    })
  const idle = () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 500 }))
  Object.defineProperty(window, '__benchTabs', { value: { watch, seen: (key) => seen[key], switchChain, idle }, enumerable: false })
})()
