// Injected before any page script for the N-tab figure. Times are wall-clock
// (performance.timeOrigin + performance.now()), so tabs of one browser compare.
;(() => {
  const wallClock = () => performance.timeOrigin + performance.now()
  const read = () => document.querySelector('[data-testid="account-balance"]')?.textContent ?? null
  let seen = null
  // Keeps (in `seen`) the time the time this tab's Account view first shows a balance other than `from` (DOM
  // updated). The view may be rendered again meanwhile (tab 1 goes Send → Account), so the whole
  // document is observed, not one element.
  const watch = (from) => {
    seen = null
    const check = () => {
      const text = read()
      if (text === null || text === from || !/\d/.test(text)) return
      observer.disconnect()
      seen = { at: wallClock(), text }
    }
    const observer = new MutationObserver(check)
    observer.observe(document.documentElement, { childList: true, characterData: true, subtree: true })
    check()
  }
  Object.defineProperty(window, '__benchBalance', { value: { read, watch, seen: () => seen }, enumerable: false })
})()
